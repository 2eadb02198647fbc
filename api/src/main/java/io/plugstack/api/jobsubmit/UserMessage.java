package io.plugstack.api.jobsubmit;

import java.util.List;
import java.util.Optional;

/**
 * The message a job_submit chain returns to the user ({@code err_msg}): one slot shared by all plugins
 * of the chain, so a later plugin's {@link #set(String)} replaces an earlier one's (JS-3). It reaches
 * the user whether the request is accepted (printed at info level) or rejected (printed as errors),
 * one line per "\n".
 */
public final class UserMessage {

    private String text;

    /** An empty slot; the host makes one per request. */
    public UserMessage() {
    }

    /**
     * Replaces the message; null or "" clears it.
     *
     * @param message the whole message, lines separated by "\n"
     */
    public void set(String message) {
        text = message == null || message.isEmpty() ? null : message;
    }

    /**
     * Adds a line, joined to what the slot holds with "\n" (how job_submit/lua's log_user accumulates
     * within one call, JSL-15). The slot may hold an earlier plugin's message; Slurm's plugins replace it,
     * so use {@link #set(String)} for that behaviour.
     *
     * @param line the line to add; null adds nothing
     */
    public void append(String line) {
        if (line == null) {
            return;
        }
        text = text == null ? line : text + "\n" + line;
    }

    /** {@return the message, if any} */
    public Optional<String> get() {
        return Optional.ofNullable(text);
    }

    /**
     * The lines the commands print: sbatch/srun/salloc's print_multi_line_string splits the message with
     * strtok_r at "\n", so empty lines (a trailing newline, "\n\n") print nothing (checked on 22.05.8:
     * log_user("a\n\nb\n") prints "a" and "b"). Empty when there is no message.
     *
     * @return the non-empty lines, in order
     */
    public List<String> lines() {
        return text == null ? List.of() : java.util.Arrays.stream(text.split("\n")).filter(l -> !l.isEmpty()).toList();
    }

    /**
     * {@return the message as the commands show it: its {@link #lines()} joined with "\n"; empty when none would
     * print}
     */
    public Optional<String> printed() {
        List<String> lines = lines();
        return lines.isEmpty() ? Optional.empty() : Optional.of(String.join("\n", lines));
    }

    /** Removes the message. */
    public void clear() {
        text = null;
    }

    @Override
    public String toString() {
        return text == null ? "" : text;
    }
}
