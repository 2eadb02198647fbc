package io.plugstack.api.jobsubmit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import io.plugstack.api.slurm.NoVal;

class JobDescFieldTest {

    /** JSL-21 for 25.11, aliases included, re-typed from the spec. */
    private static final Set<String> JSL_21 = Set.of("account", "acctg_freq", "admin_comment", "alloc_node", "argc",
            "argv", "array_inx", "assoc_comment", "assoc_qos", "batch_features", "begin_time", "bitflags",
            "boards_per_node", "burst_buffer", "clusters", "comment", "container", "contiguous", "cores_per_socket",
            "cpu_freq_min", "cpu_freq_max", "cpu_freq_gov", "cpus_per_task", "cpus_per_tres", "cron_job",
            "default_account", "default_qos", "delay_boot", "dependency", "end_time", "environment", "exc_nodes",
            "extra", "features", "gres", "group_id", "immediate", "licenses", "mail_type", "mail_user", "max_cpus",
            "max_nodes", "mcs_label", "mem_per_tres", "min_cpus", "min_mem_per_node", "min_mem_per_cpu", "min_nodes",
            "name", "network", "nice", "ntasks_per_board", "ntasks_per_core", "ntasks_per_gpu", "ntasks_per_node",
            "ntasks_per_socket", "ntasks_per_tres", "num_tasks", "het_job_offset", "pack_job_offset", "partition",
            "prefer", "pn_min_cpus", "pn_min_memory", "pn_min_tmp_disk", "priority", "qos", "reboot", "req_context",
            "req_nodes", "req_switch", "requeue", "reservation", "script", "shared", "oversubscribe",
            "selinux_context", "site_factor", "sockets_per_board", "sockets_per_node", "spank_job_env",
            "spank_job_env_size", "std_err", "std_in", "std_out", "threads_per_core", "time_limit", "time_min",
            "tres_bind", "tres_freq", "tres_per_job", "tres_per_node", "tres_per_socket", "tres_per_task", "user_id",
            "user_name", "wait4switch", "work_dir", "wckey");

    /** JSL-23: readable but not writable. */
    private static final Set<String> READ_ONLY = Set.of("alloc_node", "argc", "argv", "assoc_comment", "assoc_qos",
            "boards_per_node", "cron_job", "default_account", "default_qos", "environment", "group_id",
            "het_job_offset", "network", "ntasks_per_board", "ntasks_per_core", "req_context", "sockets_per_board",
            "spank_job_env", "spank_job_env_size", "user_id", "user_name");

    @Test
    void readableNamesAreThoseOfJsl21For25_11() {
        Set<String> names = new TreeSet<>();
        for (JobDescField f : JobDescField.values()) {
            if (f.in(io.plugstack.api.plugin.SlurmVersion.parse("25.11.0"))) {
                names.add(f.slurmName());
                names.addAll(f.aliases());
            }
        }
        assertEquals(new TreeSet<>(JSL_21), names);
    }

    /** power_flags (--power) is 22.05 to 23.11's, gone from 24.05 (c4c21882f1): a real 22.05.8 read 0. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"22.05.8, true", "23.11.0, true", "24.05.0, false", "25.11.0, false"})
    void powerFlagsIsAFieldUpTo23_11Only(String release, boolean present) {
        assertEquals(present, JobDescField.ofName("power_flags", io.plugstack.api.plugin.SlurmVersion.parse(release)).isPresent());
        assertEquals(Long.valueOf(0L), JobDescField.POWER_FLAGS.unset());
    }

    /** segment_size came in 25.11.2 (2b72425e78); core_spec and thread_spec in 26.05 (fb76383b64). */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"segment_size, 25.11.1, false", "segment_size, 25.11.2, true",
        "core_spec, 25.11.7, false", "core_spec, 26.05.0, true", "thread_spec, 25.11.7, false", "thread_spec, 26.05.5, true"})
    void fieldsOfLaterReleasesArePresentFromTheirRelease(String name, String release, boolean present) {
        assertEquals(present, JobDescField.ofName(name, io.plugstack.api.plugin.SlurmVersion.parse(release)).isPresent());
        assertTrue(JobDescField.ofName(name).orElseThrow().writable());
    }

    @Test
    void writableFieldsAreEveryReadableFieldExceptThoseJsl23Lists() {
        Set<String> readOnly = new TreeSet<>();
        for (JobDescField f : JobDescField.values()) {
            if (!f.writable()) {
                readOnly.add(f.slurmName());
            }
        }
        assertEquals(new TreeSet<>(READ_ONLY), readOnly);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({"gres, TRES_PER_NODE", "pack_job_offset, HET_JOB_OFFSET", "oversubscribe, SHARED",
            "ntasks_per_gpu, NTASKS_PER_TRES", "min_mem_per_cpu, MIN_MEM_PER_CPU"})
    void namesAndAliasesResolveToTheirField(String name, JobDescField field) {
        assertEquals(field, JobDescField.ofName(name).orElseThrow());
    }

    @Test
    void aliasOfAReadOnlyFieldIsReadOnly() {
        assertTrue(!JobDescField.ofName("pack_job_offset").orElseThrow().writable());
    }

    @Test
    void unknownNameIsNotAField() {
        assertTrue(JobDescField.ofName("job_id").isEmpty());
        assertTrue(JobDescField.ofName("PARTITION").isEmpty());
    }

    @Test
    void namesAndAliasesAreUnique() {
        Set<String> seen = new HashSet<>();
        for (JobDescField f : JobDescField.values()) {
            assertTrue(seen.add(f.slurmName()), f.slurmName());
            for (String a : f.aliases()) {
                assertTrue(seen.add(a), a);
            }
        }
    }

    @ParameterizedTest(name = "{0} unset = {1}")
    @CsvSource({"time_limit, 4294967294", "min_nodes, 4294967294", "priority, 4294967294", "nice, 4294967294",
            "site_factor, 4294967294", "het_job_offset, 4294967294", "user_id, 4294967294",
            "cpus_per_task, 65534", "ntasks_per_node, 65534", "shared, 65534", "mail_type, 65534",
            "pn_min_memory, -2", "begin_time, 0", "bitflags, 0", "immediate, 0", "argc, 0", "segment_size, 0"})
    void unsetValueIsSlurmsSentinelForThatField(String name, long unset) {
        assertEquals(unset, JobDescField.ofName(name).orElseThrow().unset());
    }

    @Test
    void stringsAndMemoryViewsHaveNoNumericSentinel() {
        assertNull(JobDescField.PARTITION.unset());
        assertNull(JobDescField.MIN_MEM_PER_CPU.unset());
        assertNull(JobDescField.CORE_SPEC.unset());
        assertNull(JobDescField.THREAD_SPEC.unset());
        assertEquals(NoVal.NO_VAL64, JobDescField.PN_MIN_MEMORY.unset());
    }

    @ParameterizedTest(name = "gres={0}")
    @CsvSource(delimiter = '|', value = {"gpu:2 | gres/gpu:2", "gpu:1,nic:1 | gres/gpu:1,gres/nic:1",
            "gres/gpu:a100:1 | gres/gpu:a100:1"})
    void gresWriteAddsTheGresTypePrefix(String gres, String tres) {
        assertEquals(tres, JobDescField.gresToTres(gres));
    }

    @Test
    void viewsAreNotStored() {
        assertTrue(!JobDescField.MIN_MEM_PER_CPU.isStored() && !JobDescField.ARGC.isStored() && !JobDescField.CRON_JOB.isStored()
                && !JobDescField.THREAD_SPEC.isStored());
        assertTrue(JobDescField.SITE_FACTOR.isStored() && JobDescField.DEFAULT_QOS.isStored());
    }
}
