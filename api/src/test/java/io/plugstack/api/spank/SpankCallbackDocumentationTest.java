package io.plugstack.api.spank;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * The javadoc a plugin author reads says where each callback runs: the "Contexts:" sentence of every
 * callback (on its {@link SpankPlugin} method and on its {@link SpankCallback} row) names exactly the
 * contexts of {@link SpankCallback#contexts()}, the table the host drives the stack by. Reads the sources,
 * so it runs from the module's directory, as Surefire runs it.
 */
class SpankCallbackDocumentationTest {

    private static final Path SOURCES = Path.of("src/main/java/io/plugstack/api/spank");
    /** "Contexts: local (srun), remote (slurmstepd)." up to the sentence's full stop. */
    private static final Pattern CONTEXTS = Pattern.compile("Contexts:([^.]*)\\.");

    @Test
    void everyCallbackIsDocumentedWithTheContextsItRunsIn() throws IOException {
        String plugin = Files.readString(SOURCES.resolve("SpankPlugin.java"));
        String table = Files.readString(SOURCES.resolve("SpankCallback.java"));
        List<String> wrong = new ArrayList<>();
        for (SpankCallback c : SpankCallback.values()) {
            if (c.kind() == SpankCallback.Kind.DATA) {
                continue; // a variable the loader reads, never called in a context
            }
            check("SpankPlugin." + c.javaName(), javadocBefore(plugin, "default int " + c.javaName() + "("), c, wrong);
            check("SpankCallback." + c.name(), javadocBefore(table, "\n    " + c.name() + "("), c, wrong);
        }
        assertThat(wrong).as("callbacks whose javadoc does not name the contexts Slurm calls them in").isEmpty();
    }

    private static void check(String where, String javadoc, SpankCallback c, List<String> wrong) {
        if (javadoc == null) {
            wrong.add(where + ": no javadoc");
            return;
        }
        Matcher m = CONTEXTS.matcher(javadoc.replaceAll("\\s*\\n\\s*\\*", " "));
        if (!m.find()) {
            wrong.add(where + ": no \"Contexts: ...\" sentence");
            return;
        }
        Set<SpankContext> named = EnumSet.noneOf(SpankContext.class);
        for (String word : m.group(1).split("[^a-z_]+")) {
            for (SpankContext ctx : SpankContext.values()) {
                if (ctx != SpankContext.ERROR && ctx.slurmName().equals(word)) {
                    named.add(ctx);
                }
            }
        }
        if (!named.equals(c.contexts())) {
            wrong.add(where + ": documents " + named + ", Slurm calls it in " + c.contexts());
        }
    }

    /** The javadoc comment that ends right before {@code declaration}, or null. */
    private static String javadocBefore(String source, String declaration) {
        int at = source.indexOf(declaration);
        if (at < 0) {
            return null;
        }
        int end = source.lastIndexOf("*/", at);
        int start = source.lastIndexOf("/**", at);
        if (end < 0 || start < 0 || end < start || !source.substring(end + 2, at).isBlank()) {
            return null;
        }
        return source.substring(start + 3, end);
    }
}
