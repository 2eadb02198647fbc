package io.plugstack.runtime.node.wire;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.plugstack.runtime.node.wire.JobMessages.Value;
import io.plugstack.runtime.node.wire.Messages.Call;
import io.plugstack.runtime.node.wire.Messages.Done;
import io.plugstack.runtime.node.wire.Messages.EnvOp;
import io.plugstack.runtime.node.wire.Messages.Hello;
import io.plugstack.runtime.node.wire.Messages.Item;
import io.plugstack.runtime.node.wire.Messages.LogLine;
import io.plugstack.runtime.node.wire.Messages.Option;
import io.plugstack.runtime.node.wire.Messages.OptionDecl;
import io.plugstack.runtime.node.wire.Messages.OptionRc;
import io.plugstack.runtime.node.wire.Messages.Refuse;
import io.plugstack.runtime.node.wire.Messages.Welcome;

/**
 * The golden frames both sides' tests read (runtime/bridge/src/test/golden/frames.txt): one line per
 * frame, {@code name TYPE hex}. The values here are the ones the C test (wire_test.c) builds too.
 */
final class GoldenFrames {

    static final Path FILE = Path.of("").toAbsolutePath().getParent().resolve("bridge/src/test/golden/frames.txt");

    /** The sample messages by name, with their frame types. */
    static Map<String, Map.Entry<FrameType, byte[]>> samples() {
        Map<String, Map.Entry<FrameType, byte[]>> m = new LinkedHashMap<>();
        m.put("hello", Map.entry(FrameType.HELLO,
                new Hello(Wire.PROTOCOL, 2, "22.05.8", 4242, List.of("sock=/run/plugstack/root.sock", "demo"),
                        "io.plugstack.sample.renice@1.2.0").encode()));
        m.put("hello_local", Map.entry(FrameType.HELLO,
                new Hello(Wire.PROTOCOL, 1, "22.05.8", 4243, List.of(), null, "/home/u/run",
                        List.of("HOME=/home/u", "PROJECT=p1")).encode()));
        m.put("call", Map.entry(FrameType.CALL, new Call(4, List.of(Item.number(0, 1000), Item.number(2, 42),
                Item.text(20, "22.05.8"), Item.list(9, List.of("sh", "-c", "true"))),
                List.of("HOME=/home/u", "SLURM_JOB_ID=42")).encode()));
        m.put("option", Map.entry(FrameType.OPTION, new Option(3, "5", true).encode()));
        m.put("option_null", Map.entry(FrameType.OPTION, new Option(0, null, false).encode()));
        m.put("welcome", Map.entry(FrameType.WELCOME, new Welcome(Wire.PROTOCOL, "0123456789abcdef", 0x811).encode()));
        m.put("done", Map.entry(FrameType.DONE, new Done(-1, 0, List.of(new EnvOp("A", "1"), new EnvOp("B", null)),
                List.of(new EnvOp("C", "2")), List.of(new LogLine(0, "renice: bad")),
                List.of(new OptionDecl("renice", "prio", "run at niceness prio", 1, 0)),
                List.of(Messages.Effect.taskNiceness(-5), Messages.Effect.prependTaskArgv(List.of("nice", "-n", "5")))).encode()));
        m.put("attach", Map.entry(FrameType.ATTACH, new Messages.Attach(Wire.PROTOCOL, "0123456789abcdef", 4343).encode()));
        m.put("option_rc", Map.entry(FrameType.OPTION_RC, new OptionRc(-1, List.of(new LogLine(0, "renice: --renice=99: priority must be from -5 to 19"))).encode()));
        m.put("refuse", Map.entry(FrameType.REFUSE, new Refuse("uid 1000 may not open a remote session").encode()));
        m.put("job_hello", Map.entry(FrameType.JOB_HELLO, new JobMessages.JobHello(Wire.PROTOCOL, "plugstackit", "22.05.8").encode()));
        m.put("job_fields", Map.entry(FrameType.JOB_FIELDS, new JobMessages.JobFields(List.of("comment", "time_limit", "argv"),
                List.of("job_id", "name"), List.of("name", "state_up")).encode()));
        m.put("job_call", Map.entry(FrameType.JOB_CALL, new JobMessages.JobCall(JobMessages.MODIFY, 1001,
                List.of(Value.string("comment", "x"), Value.number("time_limit", 4294967294L), Value.list("argv", List.of("a.sh")),
                        Value.bool("cron_job", false)),
                List.of(Value.number("job_id", 42), Value.string("name", "j")),
                List.of(List.of(Value.string("name", "debug"), Value.number("state_up", 3)))).encode()));
        m.put("job_result", Map.entry(FrameType.JOB_RESULT, new JobMessages.JobResult(2045, "account refused",
                List.of(Value.number("time_limit", 7), Value.string("comment", null))).encode()));
        m.put("cli_hello", Map.entry(FrameType.CLI_HELLO, new CliMessages.CliHello(Wire.PROTOCOL, "sbatch", "/home/u/run",
                List.of("HOME=/home/u", "PROJECT=p1")).encode()));
        m.put("cli_call", Map.entry(FrameType.CLI_CALL, new CliMessages.CliCall(CliMessages.PRE_SUBMIT, false, 0, 0, 0,
                "{\"job-name\":\"x\",\"time\":\"00:05:00\",\"argv\":[\"a.sh\"]}").encode()));
        m.put("cli_result", Map.entry(FrameType.CLI_RESULT, new CliMessages.CliResult(-1,
                List.of(new LogLine(0, "cli_filter/site: pre_submit: refused")),
                List.of(new CliMessages.Write("comment", "c"), new CliMessages.Write("time", null))).encode()));
        return m;
    }

    /** The file's frames by name: type and whole frame bytes. */
    static Map<String, Map.Entry<String, byte[]>> read() throws IOException {
        Map<String, Map.Entry<String, byte[]>> m = new LinkedHashMap<>();
        for (String line : Files.readAllLines(FILE)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            m.put(f[0], Map.entry(f[1], HexFormat.of().parseHex(f[2])));
        }
        return m;
    }

    /** Writes the file from {@link #samples()} (run once when the protocol changes, then review the diff). */
    public static void main(String[] args) throws IOException {
        StringBuilder s = new StringBuilder("# Golden frames of the bridge protocol v" + Wire.PROTOCOL + " (PROTOCOL.md): name TYPE hex of the whole frame.\n"
                + "# Read by runtime/node's GoldenFramesTest and runtime/bridge's wire_test.c; the values are in both tests.\n");
        samples().forEach((name, f) -> s.append(name).append(' ').append(f.getKey()).append(' ')
                .append(HexFormat.of().formatHex(Wire.frame(f.getKey(), f.getValue()))).append('\n'));
        Files.writeString(FILE, s.toString());
    }
}
