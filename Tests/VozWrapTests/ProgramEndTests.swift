import Testing
import VozProcess

@testable import VozWrap

#if canImport(Glibc)
    import Glibc
#endif

/// How the program ended, and the status `voz wrap` passes on: a shell's.
@Suite struct ProgramEndTests {
    static let cases: [(ProcessExit, Bool, ProgramEnd, Int32)] = [
        (.exited(0), false, .finished, 0),
        (.exited(2), false, .failed(code: 2), 2),
        (.exited(100), false, .failed(code: 100), 100),
        (.exited(130), false, .failed(code: 130), 130),
        (.exited(130), true, .interrupted, 130),
        (.signalled(SIGINT), false, .interrupted, 130),
        (.signalled(SIGKILL), false, .signalled(SIGKILL), 137),
        (.unknown, false, .failed(code: -1), 1),
    ]

    @Test(arguments: cases)
    func readsTheExit(_ exit: ProcessExit, _ interruptPassed: Bool, _ end: ProgramEnd, _ status: Int32) {
        let read = ProgramEnd(exit, interruptPassed: interruptPassed)
        #expect(read == end)
        #expect(read.shellStatus == status)
    }
}
