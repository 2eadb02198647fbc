package io.plugstack.runtime.host.internal;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import org.osgi.framework.Version;

import io.plugstack.runtime.host.catalog.PluginNames;
import io.plugstack.runtime.host.catalog.PluginPin;
import io.plugstack.runtime.host.catalog.PluginRecord;
import io.plugstack.runtime.host.catalog.PluginVersions.VersionRow;

/** What plugstack:versions shows: every deployed version of the plugins asked for, and where it stands. */
final class VersionRows {
    private VersionRows() {
    }

    static List<VersionRow> of(List<PluginRecord> records, String plugin, VersionControl versions,
            Map<Long, AtomicInteger> inUse) {
        List<VersionRow> rows = new ArrayList<>();
        Map<String, Optional<TrackedPlugin>> activeByName = new HashMap<>(); // one choice per plugin, not per row
        for (PluginRecord r : records) {
            if (plugin != null && !plugin.isBlank() && !PluginNames.names(plugin.trim(), r)) {
                continue;
            }
            String bsn = r.symbolicName();
            String pin = versions.pin(bsn).map(PluginPin::format).orElse("");
            Optional<TrackedPlugin> active = activeByName.computeIfAbsent(bsn, versions::active);
            String state = switch (r.status()) {
                case REFUSED -> "refused";
                case UNRESOLVED -> "unresolved";
                case STOPPED, NO_SERVICE -> "stopped";
                case INIT_FAILED -> "init failed";
                case FAILED -> "failed";
                case AVAILABLE, READY -> versions.withdrawn(bsn, Version.parseVersion(r.bundleVersion())) ? "withdrawn"
                        : active.isPresent() && active.get().bundleId() == r.bundleId() ? "active"
                        : versions.pin(bsn).map(p -> p.includes(Version.parseVersion(r.bundleVersion()))).orElse(true)
                                ? "available" : "outside pin";
            };
            AtomicInteger n = inUse.get(r.bundleId());
            rows.add(new VersionRow(bsn, r.bundleVersion(), r.bundleId(), r.type(), state, pin,
                    n == null ? 0 : n.get(), r.detail()));
        }
        rows.sort(Comparator.comparing(VersionRow::symbolicName)
                .thenComparing(v -> Version.parseVersion(v.version()), Comparator.reverseOrder())
                .thenComparingLong(VersionRow::bundleId));
        return rows;
    }
}
