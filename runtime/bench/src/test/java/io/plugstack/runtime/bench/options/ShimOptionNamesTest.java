package io.plugstack.runtime.bench.options;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The cli_filter shim (runtime/bridge/lua/cli_filter.lua) reads every option's text through Slurm's proxy by name:
 * its OPTION_NAMES are Slurm's option table as the bench has it ({@link SlurmOptionNames}, 25.11), plus the names
 * earlier releases the runtime plays still have (22.05's "power"). A name added on one side only fails here.
 */
class ShimOptionNamesTest {

    static final Path SHIM = Path.of("").toAbsolutePath().getParent().resolve("bridge/lua/cli_filter.lua");
    /** Names of 22.05's slurm_opt.c that 25.11's no longer has. */
    static final Set<String> EARLIER_ONLY = Set.of("power");

    @Test
    void theShimReadsEveryOptionNameOfSlurmsTable() throws IOException {
        String lua = Files.readString(SHIM);
        Matcher block = Pattern.compile("local OPTION_NAMES = \\{(.*?)\\}", Pattern.DOTALL).matcher(lua);
        assertThat(block.find()).as("OPTION_NAMES in %s", SHIM).isTrue();
        Set<String> shim = new TreeSet<>();
        Matcher name = Pattern.compile("\"([^\"]+)\"").matcher(block.group(1));
        while (name.find()) {
            shim.add(name.group(1));
        }
        Set<String> expected = new TreeSet<>(SlurmOptionNames.ALL);
        expected.addAll(EARLIER_ONLY);
        assertThat(shim).isEqualTo(expected);
    }
}
