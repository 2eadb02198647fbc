package io.plugstack.itest;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The examples README.md and docs/*.md document, as data: every fenced block right after a line
 * {@code <!-- example: NAME [any-order] -->}. In the block, a line {@code g! COMMAND} is a command
 * typed at the shell's prompt; the lines under it, up to the next command, are what it must print.
 * An expected line matches an output line where {@code ...} stands for any text; the expected lines
 * must appear in that order (other lines may come between), or in any order with {@code any-order}
 * (task output of a parallel step). A line {@code # ...} is a comment for the reader. Optional
 * {@code <!-- setup: SHELL COMMAND -->} lines between the marker and the block run, in the home,
 * before the block (the files an example needs, such as job.sh).
 */
record ReadmeExamples(List<Example> examples) {

    static final String PROMPT = "g! ";
    private static final Pattern MARKER = Pattern.compile("^<!-- example: (\\S+)( any-order)? -->$");
    private static final Pattern SETUP = Pattern.compile("^<!-- setup: (.*) -->$");

    /** One documented block: where it is, its setup commands and its commands with what each prints. */
    record Example(String file, String name, int line, boolean anyOrder, List<String> setup, List<Step> steps) {
    }

    /** A command as typed at the prompt and the output lines it must show. */
    record Step(String command, int line, List<String> expected) {
    }

    static ReadmeExamples parse(List<String> readme) {
        return parse("README.md", readme);
    }

    /** The examples of one document, {@code file} naming it in messages (README.md, docs/author-guide.md). */
    static ReadmeExamples parse(String file, List<String> readme) {
        List<Example> found = new ArrayList<>();
        for (int i = 0; i < readme.size(); i++) {
            Matcher m = MARKER.matcher(readme.get(i).strip());
            if (!m.matches()) {
                continue;
            }
            int markerLine = i + 1;
            List<String> setup = new ArrayList<>();
            int j = i + 1;
            for (; j < readme.size() && !readme.get(j).startsWith("```"); j++) {
                Matcher s = SETUP.matcher(readme.get(j).strip());
                if (s.matches()) {
                    setup.add(s.group(1));
                } else if (!readme.get(j).isBlank()) {
                    throw new IllegalArgumentException(file + ":" + (j + 1) + ": example " + m.group(1)
                            + ": expected a fenced block or <!-- setup: ... --> after the marker, found: " + readme.get(j));
                }
            }
            List<Step> steps = new ArrayList<>();
            for (j++; j < readme.size() && !readme.get(j).startsWith("```"); j++) {
                String l = readme.get(j);
                if (l.startsWith(PROMPT)) {
                    steps.add(new Step(l.substring(PROMPT.length()).strip(), j + 1, new ArrayList<>()));
                } else if (l.startsWith("# ") || l.isBlank()) {
                    continue;
                } else if (steps.isEmpty()) {
                    throw new IllegalArgumentException(file + ":" + (j + 1) + ": example " + m.group(1)
                            + ": output before any 'g! ' command: " + l);
                } else {
                    steps.get(steps.size() - 1).expected().add(l);
                }
            }
            if (j >= readme.size()) {
                throw new IllegalArgumentException(file + ":" + markerLine + ": example " + m.group(1) + ": unterminated block");
            }
            found.add(new Example(file, m.group(1), markerLine, m.group(2) != null, setup, steps));
            i = j;
        }
        return new ReadmeExamples(found);
    }

    /** Whether {@code actual} (one output line) is what {@code expected} documents. */
    static boolean lineMatches(String expected, String actual) {
        StringBuilder regex = new StringBuilder();
        String[] parts = expected.strip().split("\\.\\.\\.", -1);
        for (int k = 0; k < parts.length; k++) {
            regex.append(Pattern.quote(parts[k]));
            if (k < parts.length - 1) {
                regex.append(".*");
            }
        }
        return Pattern.matches(regex.toString(), actual.strip());
    }

    /** The expected lines {@code output} does not show (empty: it shows them all, as the example says). */
    static List<String> missing(List<String> expected, List<String> output, boolean anyOrder) {
        List<String> missing = new ArrayList<>();
        int from = 0;
        List<Integer> used = new ArrayList<>();
        for (String e : expected) {
            int hit = -1;
            for (int k = anyOrder ? 0 : from; k < output.size(); k++) {
                if (!used.contains(k) && lineMatches(e, output.get(k))) {
                    hit = k;
                    break;
                }
            }
            if (hit < 0) {
                missing.add(e);
            } else {
                used.add(hit);
                from = hit + 1;
            }
        }
        return missing;
    }
}
