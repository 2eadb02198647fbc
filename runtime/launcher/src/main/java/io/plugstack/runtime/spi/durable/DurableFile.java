package io.plugstack.runtime.spi.durable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * How the runtime saves state it must not lose (installed features, plugin pins): the whole content
 * goes to a temporary file beside the target, is forced to disk, and is renamed over the target in
 * one atomic move, so a kill at any point leaves either the old content or the new, never half.
 */
public final class DurableFile {
    private DurableFile() {
    }

    /** Replaces {@code file}'s content with {@code content}, atomically; creates its directory. */
    public static void replace(Path file, byte[] content) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buf = ByteBuffer.wrap(content);
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            ch.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
