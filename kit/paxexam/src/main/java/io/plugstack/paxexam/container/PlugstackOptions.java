package io.plugstack.paxexam.container;

import java.nio.file.Path;
import java.util.List;

import org.ops4j.pax.exam.Option;

/** The Pax Exam options {@link io.plugstack.paxexam.PlugstackExam} makes and {@link PlugstackTestContainer} reads. */
public final class PlugstackOptions {
    private PlugstackOptions() {
    }

    /** The unpacked distribution each test class's runtime home is a fresh copy of. */
    public record Distribution(Path dir) implements Option {
    }

    /** The author's plugin bundle, deployed into the home's deploy/ folder once the runtime runs. */
    public record PluginBundle(Path jar) implements Option {
    }

    /** The home's etc/plugstack.conf, these lines. */
    public record PlugstackConf(List<String> lines) implements Option {
    }

    /** slurm.conf's parameters, as configuration plugstack.slurm in deploy/plugstack.slurm.cfg. */
    public record SlurmConf(List<String> lines) implements Option {
    }

    /** A runtime setting (etc/plugstack.properties' keys: plugstack.slurm.release, ...), as -D would give it. */
    public record RuntimeSetting(String key, String value) implements Option {
    }
}
