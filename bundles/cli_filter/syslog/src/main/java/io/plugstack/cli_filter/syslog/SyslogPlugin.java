package io.plugstack.cli_filter.syslog;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ServiceScope;

import io.plugstack.api.clifilter.CliFilterPlugin;
import io.plugstack.api.clifilter.CliFilterJson;
import io.plugstack.api.clifilter.CliOptions;

/**
 * cli_filter/syslog (CLI-30): pre_submit keeps the JSON of the component's set options under its het
 * job offset; post_submit logs, for that offset,
 * {@code post_submit: { "jobid":<id>,"stepid":<id>,"options":<json>,"env":<json>}} — the text Slurm
 * sends to syslog, including the space after the opening brace. An offset pre_submit never saw gives
 * {@code "options":(null)}, as glibc prints Slurm's NULL string.
 *
 * <p>In Plugstack "syslog" is the runtime's log: the line goes to the System.Logger named
 * {@value #TAG} (Slurm's syslog tag) at INFO (Slurm: facility user, priority notice).
 *
 * <p>Prototype scope: each command run gets its own instance and store, as each salloc/sbatch/srun
 * process has its own copy of the C plugin's globals.
 */
@Component(service = CliFilterPlugin.class, scope = ServiceScope.PROTOTYPE)
public class SyslogPlugin implements CliFilterPlugin {

    /** The syslog tag Slurm opens the log with, and the name of our logger. */
    static final String TAG = "slurm/cli_filter/syslog";
    static final int SUCCESS = 0;

    private final Supplier<Map<String, String>> environment;
    private final Logger log;
    /** Options JSON by het job offset (Slurm's stored_data). */
    private final Map<Integer, String> stored = new ConcurrentHashMap<>();

    public SyslogPlugin() {
        this(System::getenv, System.getLogger(TAG));
    }

    /** For tests: the environment and the log are given. */
    SyslogPlugin(Supplier<Map<String, String>> environment, Logger log) {
        this.environment = environment;
        this.log = log;
    }

    @Override
    public void fini() {
        stored.clear();
    }

    @Override
    public int setupDefaults(CliOptions options, boolean early) {
        return SUCCESS;
    }

    @Override
    public int preSubmit(CliOptions options, int offset) {
        stored.put(offset, CliFilterJson.options(options));
        return SUCCESS;
    }

    @Override
    public void postSubmit(int offset, long jobId, long stepId) {
        String options = stored.get(offset);
        String json = "{ \"jobid\":" + u32(jobId) + ",\"stepid\":" + u32(stepId)
                + ",\"options\":" + (options == null ? "(null)" : options)
                + ",\"env\":" + CliFilterJson.environment(environment.get()) + "}";
        log.log(Level.INFO, "post_submit: " + json);
    }

    /** The log the post_submit line goes to. */
    Logger log() {
        return log;
    }

    /** A uint32_t as printf's %u shows it. */
    static String u32(long v) {
        return Long.toString(v & 0xffffffffL);
    }
}
