package io.plugstack.runtime.spi.refusals;

/**
 * Why the resolver refused a plugin bundle.
 *
 * @param bundleId     the bundle
 * @param symbolicName its Bundle-SymbolicName
 * @param header       the manifest header at fault (e.g. Slurm-Plugin-Version)
 * @param reason       one line naming the header and the expected value
 */
public record Refusal(long bundleId, String symbolicName, String header, String reason) {

    /** The one-line form shown in the shell and the log. */
    public String line() {
        return symbolicName + " [" + bundleId + "]: " + reason;
    }
}
