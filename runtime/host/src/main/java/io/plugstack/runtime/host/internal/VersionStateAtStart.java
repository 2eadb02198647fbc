package io.plugstack.runtime.host.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.osgi.framework.Version;
import org.osgi.framework.VersionRange;

import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.runtime.host.catalog.PluginRecord;

/**
 * What a pin saved in the state file meets when the runtime starts again: the versions of its plugin
 * deployed now. A jar removed, or left half copied, while the runtime was down (or by the crash that
 * stopped it: an undeploy deletes the jar first) can leave a pin none of whose versions is deployed,
 * and the plugin with nothing to run. A Slurm admin expects a node to come back running what ran
 * before, so when one of the versions the pin admits ran here (an upgrade or rollback pinned it), the
 * pin goes back, as plugstack:rollback would, to the newest version of the plugin's history still
 * deployed. A pin that never admitted a version that ran here was set ahead of a deploy: that is the
 * admin's word, and it stays. Either way one line says so.
 */
final class VersionStateAtStart {

    private VersionStateAtStart() {
    }

    /**
     * What to do about a restored pin that admits no deployed version.
     *
     * @param line what to log, naming the plugin, the pin, the file and what is deployed
     * @param back the version to pin exactly instead; empty when the pin stays
     */
    record Verdict(String line, Optional<Version> back) {
    }

    /**
     * The verdict on {@code pin} of {@code bsn} given its {@code history} (oldest first) and the
     * versions {@code deployed} now; empty when the pin admits one of them (or nothing of the plugin
     * is deployed: there is nothing to run either way).
     */
    static Optional<Verdict> check(String bsn, VersionRange pin, List<String> history, Collection<Version> deployed, Path file) {
        if (deployed.isEmpty() || deployed.stream().anyMatch(pin::includes)) {
            return Optional.empty();
        }
        List<Version> ran = new ArrayList<>();
        for (String v : history) {
            try {
                ran.add(0, Version.parseVersion(v)); // newest first
            } catch (IllegalArgumentException e) {
                // a hand-edited history: that entry names no version
            }
        }
        String what = "pin of " + bsn + " (" + PluginPin.format(pin) + ", " + file + ") admits no deployed version (deployed: "
                + new TreeSet<>(deployed).stream().map(Version::toString).collect(Collectors.joining(", ")) + ")";
        Optional<Version> back = ran.stream().anyMatch(pin::includes) ? ran.stream().filter(deployed::contains).findFirst()
                : Optional.empty();
        if (back.isPresent()) {
            return Optional.of(new Verdict(what + "; pinned back to " + back.get() + ", the last version that ran here", back));
        }
        return Optional.of(new Verdict(what + "; the pin stays: no version of it runs until one it admits is deployed"
                + " or the pin is changed (plugstack:pin, unpin, upgrade)", Optional.empty()));
    }

    /**
     * The versions of {@code bsn} deployed now: its installed bundles, and the jars of the deploy
     * folder, which FileInstall installs only after the runtime's own bundles have started. A jar
     * that cannot be read (half copied) is not deployed.
     */
    static Set<Version> deployed(String bsn, List<PluginRecord> installed, Optional<Path> deployFolder) {
        Set<Version> versions = new TreeSet<>();
        for (PluginRecord r : installed) {
            if (r.symbolicName().equals(bsn)) {
                versions.add(Version.parseVersion(r.bundleVersion()));
            }
        }
        // a jar that is not a readable bundle is not deployed (the host lists it as rejected)
        JarCheck.identities(deployFolder).stream().filter(id -> id.symbolicName().equals(bsn)).forEach(id -> versions.add(id.version()));
        return versions;
    }
}
