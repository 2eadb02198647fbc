package io.plugstack.runtime.node.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.plugstack.api.jobsubmit.JobDescField;

/**
 * job_submit/plugstack (runtime/bridge/src/main/c/ctld_fields.c) and the daemon agree on the fields: every
 * name the daemon asks for (JOB_FIELDS) is one the C plugin reads, unless it is one of NOT_READ, and the
 * C plugin writes exactly what the daemon may write. A field added on one side only fails here.
 */
class JobSubmitPluginFieldsTest {

    static final Path C = Path.of("").toAbsolutePath().getParent().resolve("bridge/src/main/c/ctld_fields.c");
    /**
     * job_desc names JobDescField has and the C plugin never reads: 22.05's job_submit/lua has no assoc_*
     * names, and all four come from the association manager, which a cluster without slurmdbd does not
     * have (Lua gives nil). (mcs_label is a row of 24.11's build only: under #if.)
     */
    static final Set<String> NOT_READ = Set.of("assoc_comment", "assoc_qos", "default_account", "default_qos");

    /** The table rows {@code macro("name", A_KIND, member, writable)} of the C file: name, writable (or 0 for R/RD/P rows). */
    static Map<String, Boolean> rows(String macro) throws IOException {
        Matcher m = Pattern.compile("\\b" + macro + "\\(\"([a-z_0-9]+)\", A_[A-Z_]+, [a-z_0-9]+(?:, ([01]))?\\)").matcher(Files.readString(C));
        Map<String, Boolean> rows = new LinkedHashMap<>();
        while (m.find()) {
            rows.put(m.group(1), "1".equals(m.group(2)));
        }
        return rows;
    }

    @Test
    void everyJobDescNameTheDaemonAsksForIsReadByTheCPluginUnlessTheReleaseHasNone() throws IOException {
        Set<String> missing = new TreeSet<>(JobDescValues.names());
        missing.removeAll(rows("D").keySet());
        assertThat(missing).isEqualTo(new TreeSet<>(NOT_READ));
    }

    @Test
    void theCPluginWritesExactlyTheJobDescFieldsTheDaemonMayWrite() throws IOException {
        Map<String, Boolean> c = rows("D");
        for (JobDescField f : JobDescField.values()) {
            String name = f.slurmName(); // JOB_RESULT writes by this name, never an alias
            if (c.containsKey(name)) {
                assertThat(c.get(name)).as("job_desc.%s writable", name).isEqualTo(f.writable());
            }
        }
    }

    @Test
    void everyJobRecordAndPartitionNameTheDaemonAsksForIsReadByTheCPlugin() throws IOException {
        String source = Files.readString(C);
        Set<String> rec = new TreeSet<>(rows("R").keySet());
        rec.addAll(rows("RD").keySet());
        for (String name : CtldRecords.JOB_REC) {
            assertThat(rec.contains(name) || source.contains("!strcmp(name, \"" + name + "\")")).as("job_rec.%s", name).isTrue();
        }
        Set<String> part = rows("P").keySet();
        for (String name : CtldRecords.PARTITION) {
            boolean memory = name.matches("(def|max)_mem_per_(cpu|node)") && source.contains("\"" + name.substring(0, 12) + "\"");
            assertThat(part.contains(name) || memory || source.contains("!strcmp(name, \"" + name + "\")")).as("part_list.%s", name).isTrue();
        }
    }
}
