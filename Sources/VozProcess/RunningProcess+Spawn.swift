import CSpawn

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Spawning

extension RunningProcess {
    /// Starts the child `options` describe and returns it running.
    public static func spawn(_ options: ProcessOptions) throws(ProcessError) -> RunningProcess {
        guard let path = options.resolvedExecutable else { throw .notFound(options.executable) }
        var ends = try Ends(options)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        ends.direct(options, in: &actions)
        // The kept descriptors, copied here above every number they go to, so no copy is overwritten by another.
        var copies: [Int32] = []
        defer { for copy in copies { _ = Glibc.close(copy) } }
        let first = Int32(3)
        for (index, kept) in options.keptDescriptors.enumerated() {
            let copy = fcntl(kept, F_DUPFD_CLOEXEC, first + Int32(options.keptDescriptors.count))
            guard copy >= 0 else {
                let code = errno
                ends.closeAll()
                throw .system("fcntl", code)
            }
            copies.append(copy)
            // dup2 clears close-on-exec on the copy the child gets.
            posix_spawn_file_actions_adddup2(&actions, copy, first + Int32(index))
        }
        if let directory = options.directory { posix_spawn_file_actions_addchdir_np(&actions, directory) }
        // Whatever this process opened without close-on-exec (Foundation's own pipes, a test's files, a socket of a
        // server another thread runs) stays here: held open by the child, it would keep a peer waiting for it.
        posix_spawn_file_actions_addclosefrom_np(&actions, first + Int32(options.keptDescriptors.count))
        var attributes = Self.attributes(options.effectiveGrouping)
        defer { posix_spawnattr_destroy(&attributes) }

        var argv = ([options.executable] + options.arguments).map { strdup($0) } + [nil]
        let environment = options.environment ?? Self.inheritedEnvironment()
        var variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + variables { free(pointer) } }
        var child: pid_t = 0
        let started = ContinuousClock.now
        let status = argv.withUnsafeMutableBufferPointer { argvBuffer in
            variables.withUnsafeMutableBufferPointer { environmentBuffer in
                guard let argvBase = argvBuffer.baseAddress, let environmentBase = environmentBuffer.baseAddress else {
                    return EINVAL
                }
                return posix_spawn(&child, path, &actions, &attributes, argvBase, environmentBase)
            }
        }
        // The child's ends belong to the child alone: a copy kept here would hide its end from every reader.
        ends.closeChildEnds()
        guard status == 0 else {
            ends.closeAll()
            throw .system("posix_spawn \(options.executable)", status)
        }
        return RunningProcess(pid: child, started: started, grouping: options.effectiveGrouping, ends: ends.parent)
    }

    /// The child starts with no signal blocked and every handler at its default, in a group or session of its own
    /// when asked. Destroyed by the caller.
    private static func attributes(_ grouping: ProcessOptions.Grouping) -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var defaults = sigset_t()
        sigfillset(&defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        switch grouping {
        case .inherited: break
        case .processGroup:
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawnattr_setpgroup(&attributes, 0)
        case .session: flags |= VOZ_POSIX_SPAWN_SETSID
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        return attributes
    }

    /// This process's environment, as `environ` holds it.
    private static func inheritedEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}
