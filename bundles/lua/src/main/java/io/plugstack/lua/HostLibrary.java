package io.plugstack.lua;

import java.util.Map;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import io.plugstack.api.user.OnBehalfOf;
import party.iroiro.luajava.Lua;

/**
 * What the host puts in place of C Lua's standard library in a fresh state, before any script code:
 * io.popen and os.execute ({@link HostShell}), and, in a runtime running as root, the file access
 * that acts as the user a call works for ({@link UserFiles}); both over one set of streams
 * ({@link HostStreams}). Closing it destroys what is still open (the state is closing).
 */
final class HostLibrary implements AutoCloseable {

    private final HostStreams streams = new HostStreams();

    private HostLibrary() {
    }

    /**
     * @param user     whom the script acts as at each moment: Slurm runs it in that user's process
     * @param commands what to set over the inherited environment for the bench's Slurm commands
     */
    static HostLibrary install(Lua L, LuaVersion version, Supplier<OnBehalfOf> user,
            UnaryOperator<Map<String, String>> commands) {
        HostLibrary host = new HostLibrary();
        host.streams.install(L, version);
        new HostShell(user, commands, host.streams).install(L, version);
        if (UserFiles.needed()) {
            new UserFiles(user, host.streams).install(L, version);
        }
        return host;
    }

    @Override
    public void close() {
        streams.closeAll();
    }
}
