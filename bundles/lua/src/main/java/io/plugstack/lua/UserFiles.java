package io.plugstack.lua;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PushbackInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import io.plugstack.api.user.OnBehalfOf;
import io.plugstack.api.user.PrivateDirectory;
import io.plugstack.lua.HostStreams.Failure;
import party.iroiro.luajava.Lua;

/**
 * The standard library's file access as the user a call acts for, in a runtime running as root
 * ({@link #needed}): {@code files.lua} keeps C Lua's own functions while the script acts for the
 * runtime's own user and, while it acts for another, opens, removes, renames, searches and creates
 * through the host functions here, each a {@link UserHelper} child started as that user. So the kernel
 * checks that user's rights, links included: what the user cannot read is not read, a link the user
 * planted is followed with the user's rights only, and what is created belongs to the user.
 *
 * <p>A file opened for reading is read whole when it is opened (at most {@value #MAX_READ_BYTES}
 * bytes), so reads and seeks never wait on a child; one opened for writing is a {@code cat} writing
 * it, fed as the script writes, and its close reports the child's failure.
 */
final class UserFiles {

    static final int MAX_READ_BYTES = 64 << 20;

    /** The helper reports the open before any data, so a refusal is known first (and has no data). */
    private static final String READ = "exec 3<\"$1\" || exit 1; echo ok; exec cat <&3";
    private static final String WRITE = "exec 3>\"$1\" || exit 1; echo ok; exec cat >&3";
    private static final String APPEND = "exec 3>>\"$1\" || exit 1; echo ok; exec cat >&3";
    /** remove(3): rmdir for a directory, unlink for anything else (a link itself included). */
    private static final String REMOVE = "if [ -d \"$1\" ] && [ ! -h \"$1\" ]; then exec rmdir -- \"$1\"; fi; exec rm -- \"$1\"";
    private static final String RENAME = "exec mv -f -T -- \"$1\" \"$2\"";
    private static final String TMPNAME = "exec mktemp /tmp/lua_XXXXXX";
    /** package searching: the first of $2... the user can open, its index from 1, then (for "read") its bytes. */
    private static final String SEARCH = "what=$1; shift; i=0; for f do i=$((i+1)); "
            + "if { true <\"$f\"; } 2>/dev/null; then echo \"$i\"; [ \"$what\" = read ] || exit 0; exec cat -- \"$f\"; fi; done; exit 1";
    private static final byte[] OK = "ok\n".getBytes(StandardCharsets.US_ASCII);

    private final Supplier<OnBehalfOf> user;
    private final HostStreams streams;

    UserFiles(Supplier<OnBehalfOf> user, HostStreams streams) {
        this.user = user;
        this.streams = streams;
    }

    /**
     * Only a runtime that can act for another user (root, or a node daemon's user role through the root
     * role's monitor) ever does: any other keeps C Lua's functions untouched.
     */
    static boolean needed() {
        return OnBehalfOf.canActForOthers();
    }

    /** Wraps the file functions of {@code L} ({@link HostStreams#install} done). */
    void install(Lua L, LuaVersion version) {
        L.load(LuaResources.read("files.lua"), "=files");
        streams.pushModule(L);
        L.push(l -> {
            l.push(!user.get().isThisProcess());
            return 1;
        });
        L.push(this::open);
        L.push(l -> run(l, REMOVE, List.of(l.toString(1))));
        L.push(l -> run(l, RENAME, List.of(l.toString(1), l.toString(2))));
        L.push(this::tmpname);
        L.push(this::search);
        L.push(this::getenv);
        L.push(this::cModule);
        L.push(version == LuaVersion.LUA_5_1);
        L.pCall(10, 0);
    }

    /**
     * getenv(name): whether the host knows the answer, then the value (nil: unset). The user's command's
     * environment when the host has it (getenv inside srun, sbatch or salloc); else, acting for another
     * user, that user's login variables; else unknown, and C's getenv answers.
     */
    private int getenv(Lua L) {
        OnBehalfOf as = user.get();
        String name = L.toString(1);
        String v;
        if (as.workdir().isPresent()) {
            v = as.environment().get(name);
        } else if (!as.isThisProcess() && UserEnvironment.NAMES.contains(name)) {
            v = UserEnvironment.of(as).get(name);
        } else {
            L.push(false);
            return 1;
        }
        L.push(true);
        if (v == null) {
            L.pushNil();
        } else {
            L.push(v);
        }
        return 2;
    }

    /** open(path, mode): the stream's id, or nil, strerror, errno. */
    private int open(Lua L) {
        String path = L.toString(1);
        String mode = L.toString(2);
        OnBehalfOf as = user.get();
        if (mode.indexOf('+') >= 0) {
            return new Failure("Operation not supported (mode '" + mode + "' while acting for uid " + as.uid()
                    + ": open it for reading, or for writing, not both)", 95).push(L);
        }
        char kind = mode.isEmpty() ? ' ' : mode.charAt(0);
        if ("rwa".indexOf(kind) < 0) {
            return new Failure("Invalid argument", 22).push(L); // what 5.1's fopen says (5.2+ checked it in Lua)
        }
        try {
            return kind == 'r' ? openForReading(L, as, path) : openForWriting(L, as, path, kind == 'a');
        } catch (IOException e) {
            return new Failure(String.valueOf(e.getMessage()), HostStreams.IO_ERROR).push(L);
        }
    }

    private int openForReading(Lua L, OnBehalfOf as, String path) throws IOException {
        UserHelper h = UserHelper.start(as, READ, List.of(path));
        h.stdin().close();
        byte[] out = h.read(OK.length + MAX_READ_BYTES + 1);
        if (out == null) {
            return h.timedOut().push(L);
        }
        if (!startsWithOk(out)) {
            return (h.finish() == -1 ? h.timedOut() : h.failure()).push(L);
        }
        if (out.length > OK.length + MAX_READ_BYTES) {
            h.kill();
            return new Failure("File too large (read as uid " + as.uid() + ": more than " + MAX_READ_BYTES + " bytes)", 27).push(L);
        }
        int rc = h.finish();
        Failure readError = rc == 0 ? null : rc == -1 ? h.timedOut() : h.failure(); // opened, but cat could not read it
        L.push(streams.add(new ReadFile(Arrays.copyOfRange(out, OK.length, out.length), readError)));
        return 1;
    }

    private int openForWriting(Lua L, OnBehalfOf as, String path, boolean append) throws IOException {
        UserHelper h = UserHelper.start(as, append ? APPEND : WRITE, List.of(path));
        byte[] out = h.read(OK.length);
        if (out == null) {
            return h.timedOut().push(L);
        }
        if (!startsWithOk(out)) {
            h.stdin().close();
            return (h.finish() == -1 ? h.timedOut() : h.failure()).push(L);
        }
        L.push(streams.add(new WriteFile(h)));
        return 1;
    }

    private static boolean startsWithOk(byte[] out) {
        return out.length >= OK.length && Arrays.equals(out, 0, OK.length, OK, 0, OK.length);
    }

    /** A helper run to its end: nothing pushed when it worked, else strerror and errno. */
    private int run(Lua L, String script, List<String> args) {
        Failure f;
        try {
            UserHelper h = UserHelper.start(user.get(), script, args);
            h.stdin().close();
            int rc = h.finish();
            if (rc == 0) {
                return 0;
            }
            f = rc == -1 ? h.timedOut() : h.failure();
        } catch (IOException e) {
            f = new Failure(String.valueOf(e.getMessage()), HostStreams.IO_ERROR);
        }
        L.push(f.message());
        L.push(f.errno());
        return 2;
    }

    /** tmpname(): a new empty file of the user's in /tmp (mkstemp, as a POSIX build of Lua makes it), or nil. */
    private int tmpname(Lua L) {
        try {
            UserHelper h = UserHelper.start(user.get(), TMPNAME, List.of());
            h.stdin().close();
            byte[] out = h.read(4096);
            if (out != null && h.finish() == 0) {
                L.push(new String(out, StandardCharsets.UTF_8).strip());
                return 1;
            }
        } catch (IOException e) {
            // no name: os.tmpname raises C Lua's error
        }
        L.pushNil();
        return 1;
    }

    /**
     * search(read, path...): the index (from 1) of the first path the user can open, and when
     * {@code read} its bytes (or nil, strerror); nil when the user can open none.
     */
    private int search(Lua L) {
        boolean read = L.toBoolean(1);
        List<String> args = new ArrayList<>(List.of(read ? "read" : "test"));
        for (int i = 2; i <= L.getTop(); i++) {
            args.add(L.toString(i));
        }
        try {
            UserHelper h = UserHelper.start(user.get(), SEARCH, args);
            h.stdin().close();
            byte[] out = h.read(MAX_READ_BYTES + 16);
            int nl = out == null ? -1 : indexOf(out, (byte) '\n');
            if (nl < 0) {
                h.finish();
                L.pushNil();
                return 1;
            }
            L.push(Integer.parseInt(new String(out, 0, nl, StandardCharsets.US_ASCII)));
            if (!read) {
                return 1;
            }
            int rc = h.finish();
            if (rc != 0) {
                Failure f = rc == -1 ? h.timedOut() : h.failure();
                L.pushNil();
                L.push(f.message());
                return 3;
            }
            LuaBytes.push(L, Arrays.copyOfRange(out, nl + 1, out.length));
            return 2;
        } catch (IOException | NumberFormatException e) {
            L.pushNil();
            return 1;
        }
    }

    private static int indexOf(byte[] b, byte x) {
        for (int i = 0; i < b.length; i++) {
            if (b[i] == x) {
                return i;
            }
        }
        return -1;
    }

    /**
     * cmodule(path...): whether C Lua's own loader may load the library it would pick among {@code path...}
     * (the first root can read) while the script acts for another user: nil when it may (or none is
     * there), else why not. A library runs inside the runtime, with root's rights: it must be one only
     * root (or the runtime's user) can change, file and every directory above, and one the user may read
     * (as their own srun would need to).
     */
    private int cModule(Lua L) {
        for (int i = 1; i <= L.getTop(); i++) {
            Path p = Path.of(L.toString(i));
            if (!Files.isReadable(p)) {
                continue; // C's readable() passes it over too
            }
            String why = unsafe(p);
            if (why == null && !userCanRead(p.toString())) {
                why = p + ": Permission denied (as uid " + user.get().uid() + ")";
            }
            if (why == null) {
                L.pushNil();
            } else {
                L.push(why);
            }
            return 1;
        }
        L.pushNil();
        return 1;
    }

    private static String unsafe(Path p) {
        try {
            Path real = p.toRealPath();
            PrivateDirectory.checkBase(real.getParent());
            long owner = ((Number) Files.getAttribute(real, "unix:uid")).longValue();
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(real);
            if ((owner != 0 && owner != OnBehalfOf.thisProcess().uid()) || mode.contains(PosixFilePermission.GROUP_WRITE)
                    || mode.contains(PosixFilePermission.OTHERS_WRITE)) {
                return real + ": owned by uid " + owner + " or writable by others";
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return String.valueOf(e.getMessage());
        }
    }

    private boolean userCanRead(String path) {
        try {
            UserHelper h = UserHelper.start(user.get(), SEARCH, List.of("test", path));
            h.stdin().close();
            return h.finish() == 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** A file opened for reading: its bytes, read as the user at the open. */
    static final class ReadFile extends HostStreams.Stream {
        private final byte[] data;
        private final Failure readError;

        ReadFile(byte[] data, Failure readError) {
            this.data = data;
            this.readError = readError;
            at(0);
        }

        private void at(long position) {
            ByteArrayInputStream b = new ByteArrayInputStream(data);
            b.skip(position);
            in = new PushbackInputStream(b, 1);
        }

        @Override
        Failure readError() {
            return readError;
        }

        @Override
        int close(Lua L) {
            L.push(true);
            return 1;
        }

        @Override
        long seek(String whence, long offset) throws IOException {
            long base = switch (whence) {
                case "set" -> 0;
                case "end" -> data.length;
                default -> data.length - in.available();
            };
            if (base + offset < 0) {
                throw new IOException("Invalid argument");
            }
            at(Math.min(base + offset, data.length));
            return base + offset;
        }
    }

    /** A file opened for writing: a cat, started as the user, writing what the script writes. */
    static final class WriteFile extends HostStreams.Stream {
        private final UserHelper helper;

        WriteFile(UserHelper helper) {
            this.helper = helper;
            this.out = helper.stdin();
        }

        @Override
        int close(Lua L) {
            try {
                out.close();
            } catch (IOException e) {
                // cat is gone: its exit says why
            }
            int rc = helper.finish();
            if (rc == 0) {
                L.push(true);
                return 1;
            }
            try {
                return (rc == -1 ? helper.timedOut() : helper.failure()).push(L);
            } catch (IOException e) {
                return new Failure("Input/output error", HostStreams.IO_ERROR).push(L);
            }
        }
    }
}
