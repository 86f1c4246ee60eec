import CSpeechd
import VozAnnouncer
import VozSupport

/// libspeechd's functions, opened with `dlopen` the first time a command speaks through speech-dispatcher.
///
/// Linked, libspeechd loads GLib and PCRE2 into every voz process, about 1 MiB resident, though only
/// `--speech speechd` (and `auto` when speech-dispatcher is running) uses it. The types still come from its
/// header (`CSpeechd`); the functions are resolved once, here, and only `SpeechdConnection` calls them.
struct SpeechdLibrary: @unchecked Sendable {
    /// The file opened: libspeechd2's soname, the one its -dev package's headers describe.
    static let soname = "libspeechd.so.2"

    typealias Connection = UnsafeMutablePointer<SPDConnection>

    let open2:
        @convention(c) (
            UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, SPDConnectionMode,
            UnsafePointer<SPDConnectionAddress>?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        ) -> Connection?
    let close: @convention(c) (Connection?) -> Void
    let say: @convention(c) (Connection?, SPDPriority, UnsafePointer<CChar>?) -> Int32
    let cancel: @convention(c) (Connection?) -> Int32
    let setNotificationOn: @convention(c) (Connection?, SPDNotification) -> Int32
    let setLanguage: @convention(c) (Connection?, UnsafePointer<CChar>?) -> Int32
    let setVoiceRate: @convention(c) (Connection?, Int32) -> Int32
    let setOutputModule: @convention(c) (Connection?, UnsafePointer<CChar>?) -> Int32
    let setSynthesisVoice: @convention(c) (Connection?, UnsafePointer<CChar>?) -> Int32
    let listModules: @convention(c) (Connection?) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    let freeModules: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Void
    let listSynthesisVoices: @convention(c) (Connection?) -> UnsafeMutablePointer<UnsafeMutablePointer<SPDVoice>?>?
    let freeVoices: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<SPDVoice>?>?) -> Void

    /// The process's one copy, opened on first use; a missing library is remembered, not retried.
    static let shared = Result { () throws(SpeechError) in try SpeechdLibrary(soname: soname) }

    /// Opens `soname` and resolves every function Voz calls.
    ///
    /// - Throws: `SpeechError.speechdLibraryMissing` when the library or one of its functions is not there.
    init(soname: String) throws(SpeechError) {
        do throws(SharedLibrary.LoadError) {
            let library = try SharedLibrary(soname)
            open2 = try library.function("spd_open2")
            close = try library.function("spd_close")
            say = try library.function("spd_say")
            cancel = try library.function("spd_cancel")
            setNotificationOn = try library.function("spd_set_notification_on")
            setLanguage = try library.function("spd_set_language")
            setVoiceRate = try library.function("spd_set_voice_rate")
            setOutputModule = try library.function("spd_set_output_module")
            setSynthesisVoice = try library.function("spd_set_synthesis_voice")
            listModules = try library.function("spd_list_modules")
            freeModules = try library.function("free_spd_modules")
            listSynthesisVoices = try library.function("spd_list_synthesis_voices")
            freeVoices = try library.function("free_spd_voices")
        } catch {
            throw .speechdLibraryMissing(library: error.library, detail: error.detail)
        }
    }
}
