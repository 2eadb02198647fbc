package io.plugstack.itest.realslurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code slurm} table a site's job_submit.lua sees: one probe script dumps every name in it (with each
 * number's and string's value, and which are functions) under Slurm's own job_submit/lua and under
 * Plugstack's (behind the Lua shim, the daemon playing the same release). Both dumps must be equal: the
 * errno names a release exports (every ESLURM name from 23.02, eight before), its constants, its functions
 * (get_qos_priority from 24.11), and from 26.05 what to_json, to_yaml, from_json and from_yaml make of the same values.
 */
@Timeout(300)
class RealSlurmLuaTableIT {

    private static final Duration T = Duration.ofSeconds(30);

    /** Writes "name=value" or "name()" for every key of the slurm table, sorted, to OUT. */
    private static final String PROBE = """
            local OUT = "%s"
            local function dump()
              local lines = {}
              for k, v in pairs(slurm) do
                local t = type(v)
                if t == "number" or t == "string" or t == "boolean" then lines[#lines + 1] = k .. "=" .. tostring(v)
                elseif t == "function" then lines[#lines + 1] = k .. "()"
                else lines[#lines + 1] = k .. ":" .. t end
              end
              if slurm.to_json then -- 26.05: what the serializers make of the same values (one key per level: pairs' order is Lua's)
                local function try(name, f, ...)
                  local ok, out = pcall(f, ...)
                  lines[#lines + 1] = "~" .. name .. "=" .. (ok and "" or "error ") .. string.gsub(tostring(out), "\\n", "|")
                end
                local samples = { {1, 2.5, "x", true, false}, {a = {b = {c = {1, 2, 3}}}}, {s = "q\\"u/\\tend\\\\"}, {}, {a = {}},
                                  {a = "x"}, {a = {b = 7}}, "top", 42 }
                for i, t in ipairs(samples) do
                  try("to_json " .. i, slurm.to_json, t)
                  try("to_yaml " .. i, slurm.to_yaml, t)
                end
                try("from_json bad", slurm.from_json, "{bad")
                try("from_json", function() return slurm.to_json(slurm.from_json('{"a":{"b":"x"}}')) end)
                try("from_json list", function() return #slurm.from_json('[1,2.5,"x",true]') end)
                try("from_yaml", function() return slurm.to_json(slurm.from_yaml("a: {b: x}")) end)
              end
              table.sort(lines)
              local f = io.open(OUT, "w")
              f:write(table.concat(lines, "\\n"), "\\n")
              f:close()
            end
            function slurm_job_submit(job_desc, part_list, submit_uid)
              dump()
              return slurm.SUCCESS
            end
            function slurm_job_modify(job_desc, job_rec, part_list, modify_uid)
              return slurm.SUCCESS
            end
            """;

    @TempDir
    static Path dir;
    static RealSlurm slurms;
    static ShimCluster plugstack;
    static ProbeDumps dumps;

    @BeforeAll
    static void theProbeUnderSlurmsOwnLuaAndUnderPlugstacks(TestInfo info) throws Exception {
        SlurmUnderTest under = SlurmUnderTest.of(info.getTestClass().orElseThrow());
        int ports = under == SlurmUnderTest.DEBIAN_12 ? 30817 : 14817; // Slurm's own cluster's; Plugstack's is 10 up
        dumps = ProbeDumps.in(dir);
        slurms = RealSlurm.start(under, dir.resolve("slurms"), Map.of("JOB_SUBMIT_PLUGINS", "lua"),
                Map.of("job_submit.lua", PROBE.formatted(dumps.slurms())), ports, ports + 1);
        plugstack = ShimCluster.start(under, Files.createDirectories(dir.resolve("plugstack")), "JobSubmitPlugins=lua\n",
                "JOB_SUBMIT_PLUGINS", "job_submit.lua", "ctld.sock", ports + 10, ports + 11);
        Files.writeString(plugstack.node.home().resolve("etc/job_submit.lua"), PROBE.formatted(dumps.plugstack()));
        slurms.run(T, "sbatch", "-H", "--wrap", "true");
        plugstack.awaitProbe(dumps.plugstack(), "the shim");
        assertThat(dumps.slurms()).as("Slurm's own job_submit/lua never ran the probe").exists();
    }

    @AfterAll
    static void stopTheClusters() throws Exception {
        ShimCluster.closeBoth(slurms, plugstack);
    }

    @Test
    void theSlurmTableHasTheNamesAndValuesSlurmsOwnLuaGivesAScript() throws Exception {
        TreeSet<String> theirs = new TreeSet<>(Files.readAllLines(dumps.slurms()));
        TreeSet<String> ours = new TreeSet<>(Files.readAllLines(dumps.plugstack()));
        List<String> differences = new ArrayList<>();
        theirs.stream().filter(l -> !ours.contains(l)).forEach(l -> differences.add("only in Slurm's: " + l));
        ours.stream().filter(l -> !theirs.contains(l)).forEach(l -> differences.add("only in Plugstack's: " + l));

        assertThat(differences).as("the slurm table, Slurm %s's own job_submit/lua (%d names) against Plugstack's (%d)",
                slurms.under().release(), theirs.size(), ours.size()).isEmpty();
    }
}
