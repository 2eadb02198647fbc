package io.plugstack.runtime.spank.conf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What plugstack.conf or an include names that is not a regular file of sane size: refused before
 * it is opened, failing the stack as an open failure does (SPANK-2), naming the file and the include
 * line. Slurm opens them: a FIFO blocks the launch, /dev/zero never ends.
 */
class PlugstackConfSpecialFilesTest {

    /** Far longer than a refusal takes; a read stuck in open(2) on a FIFO shows as this timeout. */
    private static final long BOUND_SECONDS = 10;

    @TempDir
    Path dir;

    private final RecordingLog log = new RecordingLog();

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
    }

    /** A real FIFO, made by mkfifo(1). */
    private Path fifo(String name) throws Exception {
        Path fifo = dir.resolve(name);
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        if (!mkfifo.waitFor(BOUND_SECONDS, TimeUnit.SECONDS)) {
            mkfifo.destroyForcibly();
            fail("mkfifo did not finish");
        }
        assertEquals(0, mkfifo.exitValue(), "mkfifo " + fifo);
        return fifo;
    }

    /**
     * Reads {@code conf} on a thread of its own, at most {@link #BOUND_SECONDS}. A read stuck opening
     * {@code fifo} is released by opening the FIFO for writing (a reader is waiting, so that open
     * returns at once) and the test fails.
     */
    private PlugstackConf.Result readBounded(Path conf, Path fifo) throws Exception {
        CompletableFuture<PlugstackConf.Result> read = new CompletableFuture<>();
        Thread reader = new Thread(() -> read.complete(PlugstackConf.read(conf, log)), "plugstack.conf reader");
        reader.setDaemon(true);
        reader.start();
        try {
            return read.get(BOUND_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            Thread release = new Thread(() -> {
                try (FileOutputStream writer = new FileOutputStream(fifo.toFile())) {
                    // closing at once gives the stuck reader end of file
                } catch (IOException ignored) {
                    // nothing more to release
                }
            }, "fifo release");
            release.setDaemon(true);
            release.start();
            throw new AssertionError("reading " + conf + " blocked for " + BOUND_SECONDS + " s opening " + fifo);
        }
    }

    @Test
    void includeOfFifoFailsTheStackWithoutOpeningIt() throws Exception {
        Path fifo = fifo("pipe.conf");
        Path conf = write("plugstack.conf", "required a\ninclude pipe.conf\nrequired never\n");

        PlugstackConf.Result r = readBounded(conf, fifo);

        String expected = "spank: " + conf + ":2: include \"" + dir + "/pipe.conf\": " + fifo
                + " is not a regular file (a FIFO); not read. Aborting.";
        assertEquals(Optional.of(expected), r.failure());
        assertEquals(List.of(expected), log.errors());
        assertEquals(1, r.entries().size(), "the lines before the include stay read, as for any stack failure");
    }

    @Test
    void plugstackConfThatIsAFifoFailsTheStack() throws Exception {
        Path fifo = fifo("plugstack.conf");

        PlugstackConf.Result r = readBounded(fifo, fifo);

        String expected = "spank: " + fifo + " is not a regular file (a FIFO); not read. Aborting.";
        assertEquals(Optional.of(expected), r.failure());
        assertEquals(List.of(expected), log.errors());
    }

    @Test
    void includeOfDevZeroFailsTheStack() throws Exception {
        Path zero = Path.of("/dev/zero");
        assertTrue(Files.exists(zero), "/dev/zero");
        Path conf = write("plugstack.conf", "include /dev/zero\n");

        CompletableFuture<PlugstackConf.Result> read = CompletableFuture.supplyAsync(() -> PlugstackConf.read(conf, log));
        PlugstackConf.Result r = read.get(BOUND_SECONDS, TimeUnit.SECONDS);

        String expected = "spank: " + conf + ":1: include \"/dev/zero\": /dev/zero is not a regular file"
                + " (a character device); not read. Aborting.";
        assertEquals(Optional.of(expected), r.failure());
    }

    @Test
    void includeOfFileLargerThanOneMebibyteFailsTheStack() throws Exception {
        Path huge = dir.resolve("huge.conf");
        try (RandomAccessFile f = new RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(FileSnapshot.MAX_BYTES + 1L); // sparse: no disk, but 1 MiB + 1 of NULs to read
        }
        Path conf = write("plugstack.conf", "include huge.conf\nrequired never\n");

        PlugstackConf.Result r = PlugstackConf.read(conf, log);

        String expected = "spank: " + conf + ":1: include \"" + dir + "/huge.conf\": " + huge
                + " is larger than 1 MiB (1048577 bytes); not read. Aborting.";
        assertEquals(Optional.of(expected), r.failure());
        assertEquals(List.of(), r.entries());
    }

    @Test
    void fileGrowingPastTheLimitBetweenReadsIsRefused() throws Exception {
        Path f = write("p.conf", "required a\n");
        byte[] more = new byte[FileSnapshot.MAX_BYTES];
        FileSnapshot.Refused e = assertThrows(FileSnapshot.Refused.class, () -> FileSnapshot.read(f, attempt -> {
            if (attempt == 1) {
                Files.write(f, more, StandardOpenOption.APPEND);
            }
        }));
        assertEquals("is larger than 1 MiB (" + (11 + FileSnapshot.MAX_BYTES) + " bytes)", e.getMessage());
    }
}
