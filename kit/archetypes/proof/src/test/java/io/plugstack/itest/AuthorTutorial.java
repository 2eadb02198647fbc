package io.plugstack.itest;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The plugin author's tutorial in README.md or docs/*.md, as data: every fenced block right after a line
 * {@code <!-- tutorial: NAME -->}. In the block, {@code $ COMMAND} is typed at a Unix shell (a line
 * ending in {@code " \"} goes on on the next line; {@code $ cd DIR} changes the directory the next
 * commands run in), {@code g! COMMAND} at Plugstack's console; the lines under a command, up to the
 * next one, are what it must print ({@link ReadmeExamples#lineMatches}: {@code ...} stands for any text,
 * in order, other lines may come between). A line {@code # ...} is a comment for the reader.
 */
record AuthorTutorial(String file, String name, int line, List<Step> steps) {

    static final String SHELL = "$ ";
    private static final Pattern MARKER = Pattern.compile("^<!-- tutorial: (\\S+) -->$");

    /** A command, where it is typed (a Unix shell or the console), its README line and what it must print. */
    record Step(boolean console, String command, int line, List<String> expected) {
    }

    static List<AuthorTutorial> parse(List<String> readme) {
        return parse("README.md", readme);
    }

    /** The tutorials of one document, {@code file} naming it in messages. */
    static List<AuthorTutorial> parse(String file, List<String> readme) {
        List<AuthorTutorial> found = new ArrayList<>();
        for (int i = 0; i < readme.size(); i++) {
            Matcher m = MARKER.matcher(readme.get(i).strip());
            if (!m.matches()) {
                continue;
            }
            String name = m.group(1);
            int j = i + 1;
            while (j < readme.size() && readme.get(j).isBlank()) {
                j++;
            }
            if (j >= readme.size() || !readme.get(j).startsWith("```")) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": tutorial " + name + ": expected a fenced block after the marker");
            }
            List<Step> steps = new ArrayList<>();
            for (j++; j < readme.size() && !readme.get(j).startsWith("```"); j++) {
                String l = readme.get(j);
                if (l.startsWith(SHELL) || l.startsWith(ReadmeExamples.PROMPT)) {
                    boolean console = l.startsWith(ReadmeExamples.PROMPT);
                    int at = j + 1;
                    StringBuilder command = new StringBuilder(l.substring(console ? ReadmeExamples.PROMPT.length() : SHELL.length()).strip());
                    while (!console && command.toString().endsWith("\\") && j + 1 < readme.size() && !readme.get(j + 1).startsWith("```")) {
                        command.setLength(command.length() - 1);
                        command.append(' ').append(readme.get(++j).strip());
                    }
                    steps.add(new Step(console, command.toString().replaceAll("\\s+", " ").strip(), at, new ArrayList<>()));
                } else if (l.startsWith("# ") || l.isBlank()) {
                    continue;
                } else if (steps.isEmpty()) {
                    throw new IllegalArgumentException(file + ":" + (j + 1) + ": tutorial " + name + ": output before any command: " + l);
                } else {
                    steps.get(steps.size() - 1).expected().add(l);
                }
            }
            if (j >= readme.size()) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": tutorial " + name + ": unterminated block");
            }
            found.add(new AuthorTutorial(file, name, i + 1, steps));
            i = j;
        }
        return found;
    }

    /** The tutorial named {@code name}; documents without it fail saying so. */
    static AuthorTutorial named(List<AuthorTutorial> tutorials, String name) {
        return tutorials.stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no document has a <!-- tutorial: " + name + " --> block"));
    }
}
