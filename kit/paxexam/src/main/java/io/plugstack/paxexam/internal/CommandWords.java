package io.plugstack.paxexam.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * A command line split into words as {@code sh} splits a simple command: blanks separate words, '...' quotes
 * literally, "..." quotes with {@code \" \\ \$ \`} escaped, and a backslash outside quotes escapes the next
 * character. Nothing is expanded; shell syntax the bench's commands would never see (pipes, lists,
 * redirections, substitutions, variables) is refused rather than passed on as text.
 */
final class CommandWords {

    private static final String SHELL_SYNTAX = "|;&<>()$`";

    private CommandWords() {
    }

    static List<String> split(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n') {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
                continue;
            }
            if (word == null) {
                word = new StringBuilder();
            }
            if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                if (end < 0) {
                    throw new IllegalArgumentException("unterminated ' in: " + line);
                }
                word.append(line, i + 1, end);
                i = end;
            } else if (c == '"') {
                i = doubleQuoted(line, i + 1, word);
            } else if (c == '\\') {
                if (i + 1 == line.length()) {
                    throw new IllegalArgumentException("a \\ ends the line: " + line);
                }
                word.append(line.charAt(++i));
            } else if (SHELL_SYNTAX.indexOf(c) >= 0) {
                throw new IllegalArgumentException("'" + c + "' at column " + (i + 1) + " is shell syntax, and this is one"
                        + " command of the bench, not a shell (no pipes, redirections or variables): quote it to pass it"
                        + " as text: " + line);
            } else {
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    /** Appends the "..." text starting at {@code from} to {@code word}; the index of the closing quote. */
    private static int doubleQuoted(String line, int from, StringBuilder word) {
        for (int i = from; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                return i;
            }
            if (c == '\\' && i + 1 < line.length() && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                word.append(line.charAt(++i));
            } else if (c == '$' || c == '`') {
                throw new IllegalArgumentException("'" + c + "' at column " + (i + 1) + " would be expanded by a shell, and"
                        + " there is none here: use '...' or \\" + c + " for the text itself: " + line);
            } else {
                word.append(c);
            }
        }
        throw new IllegalArgumentException("unterminated \" in: " + line);
    }
}
