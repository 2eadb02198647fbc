package io.plugstack.runtime.spank.options;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.plugstack.api.spank.SpankContext;
import io.plugstack.api.spank.SpankOption;
import io.plugstack.api.spank.SpankOption.Arg;

class OptionHelpTest {

    private static final String USAGE_INDENT = " ".repeat(30);

    private final SpankOptionCache cache = new SpankOptionCache(SpankContext.LOCAL, new RecordingLog());
    private final OptionHelp help = new OptionHelp(cache);
    private final PluginRef a = new PluginRef("a", "a.so");
    private final PluginRef b = new PluginRef("b", "b.so");

    private void add(PluginRef plugin, String name, String arginfo, String usage) {
        cache.register(plugin, new SpankOption(name, arginfo, usage, Arg.OPTIONAL, 0, null), false);
    }

    private static String pad30(String s) {
        return s + " ".repeat(30 - s.length());
    }

    @Test
    void helpListsOnlyEnabledOptionsAtColumn30() {
        add(a, "test_suite_srun", "arg", "Component of slurm test suite.");
        add(a, "flag", null, "A flag.");
        add(b, "flag", null, "Hidden duplicate.");
        add(a, "ntasks", "n", "Hidden conflict.");
        cache.rejectConflicts(Set.of("ntasks"));
        assertEquals("\nOptions provided by plugins:\n"
                + pad30("      --test_suite_srun=arg") + "Component of slurm test suite.\n"
                + pad30("      --flag") + "A flag.\n", help.helpText(80));
    }

    @Test
    void helpPutsUsageOnNextLineWhenOptionTextIs30Wide() {
        add(a, "x".repeat(22), null, "Thirty wide.");
        add(a, "y".repeat(21), null, "Twenty-nine wide.");
        assertEquals("\nOptions provided by plugins:\n"
                + "\n      --" + "x".repeat(22) + "\n" + USAGE_INDENT + "Thirty wide.\n"
                + "      --" + "y".repeat(21) + " Twenty-nine wide.\n", help.helpText(80));
    }

    @Test
    void helpWrapsLongUsage() {
        add(a, "wrap", null, "word00001 word00002 word00003 word00004 word00005 word00006 word00007");
        assertEquals("\nOptions provided by plugins:\n"
                + pad30("      --wrap") + "word00001 word00002 word00003 word00004 word00005\n"
                + USAGE_INDENT + "word00006 word00007\n", help.helpText(80));
    }

    @Test
    void helpWrapsToColumns() {
        add(a, "wrap", null, "word00001 word00002 word00003");
        assertEquals("\nOptions provided by plugins:\n"
                + pad30("      --wrap") + "word00001\n"
                + USAGE_INDENT + "word00002\n"
                + USAGE_INDENT + "word00003\n", help.helpText(45));
    }

    @Test
    void helpHyphenSplitsOverlongWord() {
        add(a, "long", null, "x".repeat(120));
        assertEquals("\nOptions provided by plugins:\n"
                + pad30("      --long") + "x".repeat(49) + "-\n"
                + USAGE_INDENT + "x".repeat(49) + "-\n"
                + USAGE_INDENT + "x".repeat(22) + "\n", help.helpText(80));
    }

    @Test
    void helpTruncatesOptionTextWiderThanTerminal() {
        add(a, "z".repeat(50), null, "u");
        String info = ("      --" + "z".repeat(50)).substring(0, 38) + "+";
        assertEquals("\nOptions provided by plugins:\n\n" + info + "\n" + USAGE_INDENT + "u\n", help.helpText(40));
    }

    @Test
    void helpPrintsNullForEmptyUsageLikeGlibc() {
        add(a, "quiet", null, "");
        assertEquals("\nOptions provided by plugins:\n" + pad30("      --quiet") + "(null)\n", help.helpText(80));
    }

    @Test
    void helpIsEmptyWithoutCachedOptionsAndHeaderOnlyWhenAllDisabled() {
        assertEquals("", help.helpText(80));
        add(a, "ntasks", null, "x");
        cache.rejectConflicts(Set.of("ntasks"));
        assertEquals("\nOptions provided by plugins:\n", help.helpText(80));
    }

    @Test
    void columnsComeFromEnvironmentWithDefault80() {
        assertEquals(80, OptionHelp.columns(Map.of()));
        assertEquals(120, OptionHelp.columns(Map.of("COLUMNS", "120")));
        assertEquals(80, OptionHelp.columns(Map.of("COLUMNS", "120x")));
        assertEquals(80, OptionHelp.columns(Map.of("COLUMNS", "wide")));
        assertEquals(0, OptionHelp.columns(Map.of("COLUMNS", "")));
    }
}
