package io.plugstack.gogo.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The words a command was typed with, checked against its usage before anything runs. Every
 * command of the shell takes its words as {@code Object...} so that Gogo never has to match them
 * to a Java signature (it would refuse with "Cannot coerce pin(Token, Token, Token) to any of
 * [(String, String)]"); the count is checked here and refused in the command's own words.
 */
public final class Arguments {
    private final String command;
    private final String usage;
    private final List<String> words;

    private Arguments(String command, String usage, List<String> words) {
        this.command = command;
        this.usage = usage;
        this.words = words;
    }

    /**
     * The words, between {@code min} and {@code max} of them, or the command's refusal with its
     * usage. A word Gogo read as a list (an unquoted {@code [1.2,1.3]}) or a map is refused: the
     * admin meant the text, which quoting keeps.
     */
    public static Arguments of(String command, String usage, Object[] args, int min, int max) {
        List<String> words = new ArrayList<>();
        for (Object a : args == null ? new Object[0] : args) {
            if (a instanceof Collection<?> || a instanceof java.util.Map<?, ?>) {
                throw Commands.fail(command, "Gogo read " + a + " as a list; quote it ('[1.2,1.3)')\nUsage: " + usage);
            }
            words.add(String.valueOf(a));
        }
        if (words.size() < min || words.size() > max) {
            String why = words.size() < min ? "missing argument" : "unexpected argument '" + words.get(max) + "'";
            throw Commands.fail(command, why + "\nUsage: " + usage);
        }
        return new Arguments(command, usage, words);
    }

    /** The {@code i}th word, or null when fewer were given. */
    public String get(int i) {
        return i < words.size() ? words.get(i) : null;
    }

    public int size() {
        return words.size();
    }

    /** A refusal of this command naming its usage. */
    public Commands.error fail(String message) {
        return Commands.fail(command, message + "\nUsage: " + usage);
    }
}
