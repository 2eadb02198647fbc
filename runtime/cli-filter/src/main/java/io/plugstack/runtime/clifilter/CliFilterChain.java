package io.plugstack.runtime.clifilter;

import org.osgi.annotation.versioning.ProviderType;

import io.plugstack.api.clifilter.CliOptions;

/**
 * One command's cli_filter chain (src/interfaces/cli_filter.c): setup_defaults and pre_submit run the
 * plugins in order while they succeed, the first failure ends the command; post_submit calls them all
 * and ignores what they return (CLI-2). A throwing plugin counts as a failure, named in the log.
 * Closing it releases the command's plugin instances.
 */
@ProviderType
public interface CliFilterChain extends AutoCloseable {

    /** What the command prints when a hook fails (CLI-2). */
    String TERMINATED = "cli_filter plugin terminated with error";

    int setupDefaults(CliOptions options, boolean early);

    int preSubmit(CliOptions options, int offset);

    void postSubmit(int offset, long jobId, long stepId);

    @Override
    void close();
}
