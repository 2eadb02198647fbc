package io.plugstack.features;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import io.plugstack.runtime.bench.api.BenchCommand;

/** The distribution's bin/ has a link to plugstack-slurm for every command of the bench's one table, and no other. */
class DistributionBinTest {

    private static final Path BIN = Path.of("src/main/dist/bin");

    @Test
    void binLinksEveryBenchCommandToPlugstackSlurm() throws IOException {
        try (Stream<Path> files = Files.list(BIN)) {
            assertThat(files.filter(Files::isSymbolicLink).map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrderElementsOf(Arrays.stream(BenchCommand.values()).map(BenchCommand::command).toList());
        }
        for (BenchCommand c : BenchCommand.values()) {
            assertThat(Files.readSymbolicLink(BIN.resolve(c.command()))).isEqualTo(Path.of("plugstack-slurm"));
        }
    }
}
