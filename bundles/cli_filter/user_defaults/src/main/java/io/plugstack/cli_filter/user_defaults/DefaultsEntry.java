package io.plugstack.cli_filter.user_defaults;

/**
 * One {@code key = value} line of {@code ~/.slurm/defaults} with its key split (CLI-22).
 *
 * @param line    the 1-based line number in the file (every line counts, comments and blank lines too)
 * @param command the command token of a 3-token key, trimmed, or {@code null}
 * @param cluster the cluster token of a 2- or 3-token key, trimmed, or {@code null}
 * @param option  the long option name, trimmed (may be empty)
 * @param value   the value, trimmed; may contain '='
 */
record DefaultsEntry(int line, String command, String cluster, String option, String value) {
}
