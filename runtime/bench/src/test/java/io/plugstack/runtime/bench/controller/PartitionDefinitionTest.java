package io.plugstack.runtime.bench.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.plugstack.api.slurm.SlurmLog;

/** A partition's .cfg file with a bad value: one line naming file, key and value; the last good definition stays. */
class PartitionDefinitionTest {

    private static final String FILE = "/opt/plugstack/deploy/plugstack.partition-batch.cfg";

    private final List<String> lines = new ArrayList<>();
    private final SlurmLog log = (level, message) -> lines.add(level + " " + message);
    /** The definitions published as services, in order; a removal takes one out. */
    private final List<PartitionDefinition> services = new ArrayList<>();

    private PartitionDefinition.Configured configured(Map<String, ?> config) {
        return new PartitionDefinition.Configured(config, d -> {
            services.add(d);
            return () -> services.remove(d);
        }, log);
    }

    /** What FileInstall gives the component for deploy/plugstack.partition-batch.cfg. */
    private static Map<String, Object> batch(String... keyValues) {
        Map<String, Object> c = new HashMap<>();
        c.put("felix.fileinstall.filename", "file:" + FILE);
        c.put("service.pid", "plugstack.partition~batch");
        c.put("PartitionName", "batch");
        for (int i = 0; i < keyValues.length; i += 2) {
            c.put(keyValues[i], keyValues[i + 1]);
        }
        return c;
    }

    @Test
    void badValueKeepsTheLastGoodDefinitionAndNamesFileKeyAndValue() {
        PartitionDefinition.Configured component = configured(batch("PriorityTier", "5", "MaxTime", "60"));
        assertThat(lines).isEmpty();

        component.modified(batch("PriorityTier", "high", "MaxTime", "30"));

        assertThat(lines).containsExactly("ERROR " + FILE
                + ": PriorityTier=high is not a whole number; keeping the last good definition of partition batch");
        assertThat(services).hasSize(1);
        assertThat(services.get(0).partition().priorityTier()).isEqualTo(5);
        assertThat(services.get(0).partition().maxTime()).isEqualTo(60);
    }

    @Test
    void badValueInANewPartitionLeavesItUndefinedAndSaysSo() {
        PartitionDefinition.Configured component = configured(batch("MaxTime", "soon"));

        assertThat(lines).containsExactly("ERROR " + FILE + ": MaxTime=soon is not a time limit (minutes,"
                + " [days-]hours:minutes[:seconds] or UNLIMITED); partition batch is not defined");
        assertThat(services).isEmpty();

        component.modified(batch("MaxTime", "10"));
        assertThat(services).singleElement().satisfies(d -> assertThat(d.partition().maxTime()).isEqualTo(10));
        component.deactivate();
        assertThat(services).isEmpty();
    }

    @Test
    void goodChangeReplacesTheDefinitionInPlace() {
        PartitionDefinition.Configured component = configured(batch("State", "UP", "Order", "2"));
        component.modified(batch("State", "drain", "Order", "1"));
        assertThat(lines).isEmpty();
        assertThat(services).singleElement().satisfies(d -> {
            assertThat(d.partition().state().name()).isEqualTo("DRAIN");
            assertThat(d.order()).isEqualTo(1);
        });
    }

    /** read_config.c: of several partitions with Default=YES the last one read is the default, the others are not. */
    @Test
    void theLastOfSeveralDefaultPartitionsIsTheOneDefault() {
        List<io.plugstack.api.jobsubmit.Partition> parts = PartitionDefinition.oneDefault(List.of(
                PartitionDefinition.parse(Map.of("PartitionName", "a", "Default", "YES")),
                PartitionDefinition.parse(Map.of("PartitionName", "b")),
                PartitionDefinition.parse(Map.of("PartitionName", "c", "Default", "YES", "MaxTime", "60"))));

        assertThat(parts).extracting(p -> p.name() + "=" + p.isDefault()).containsExactly("a=false", "b=false", "c=true");
        assertThat(parts.get(0).maxTime()).isEqualTo(parts.get(1).maxTime()).as("nothing else changes");
        assertThat(parts.get(2).maxTime()).isEqualTo(60);
    }
}
