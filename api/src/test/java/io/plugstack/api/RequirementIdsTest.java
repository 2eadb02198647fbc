package io.plugstack.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/** Every requirement id the code cites (SPANK-17, CLI-43, ...) is defined in docs/requirements.md. */
class RequirementIdsTest {

    private static final Pattern ID = Pattern.compile("\\b((?:SPANK-H|SPANK|CLI|JSL|JS|PLUG|LUA|E|T)-\\d+[a-z]?)\\b");

    /** The repository: this module's parent (Maven runs the tests in the module's directory). */
    private static Path repository() {
        Path root = Path.of("").toAbsolutePath().getParent();
        assertThat(root.resolve("docs/requirements.md")).as("docs/requirements.md beside the api module").exists();
        return root;
    }

    @Test
    void everyCitedIdIsDefinedInDocsRequirements() throws IOException {
        Path root = repository();
        Set<String> defined = new TreeSet<>();
        Matcher d = Pattern.compile("(?m)^- \\*\\*([A-Z]+(?:-H)?-\\d+[a-z]?)\\*\\*").matcher(
                Files.readString(root.resolve("docs/requirements.md"), StandardCharsets.UTF_8));
        while (d.find()) {
            defined.add(d.group(1));
        }
        Set<String> cited = new TreeSet<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : (Iterable<Path>) files.filter(RequirementIdsTest::isSource)::iterator) {
                Matcher m = ID.matcher(Files.readString(p, StandardCharsets.ISO_8859_1));
                while (m.find()) {
                    cited.add(m.group(1));
                }
            }
        }
        assertThat(cited).as("ids cited in the sources").isNotEmpty();
        assertThat(defined).as("docs/requirements.md defines every id the code cites").containsAll(cited);
    }

    private static boolean isSource(Path p) {
        String s = p.toString();
        return Files.isRegularFile(p) && s.contains("/src/") && !s.contains("/target/") && !s.contains("/.git/")
                && (s.endsWith(".java") || s.endsWith(".lua") || s.endsWith(".c") || s.endsWith(".h"));
    }
}
