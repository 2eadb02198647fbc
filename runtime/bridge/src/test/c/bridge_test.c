/*
 * plugstack_bridge.c driven as Slurm drives it, against a scripted daemon: Slurm's spank_* and
 * slurm_* functions are stubs here that record what the bridge did; the daemon is a child process
 * serving one Unix socket with canned frames (good, refused, malformed, cut short, silent). Whatever
 * the daemon answers, the bridge must return Slurm's rule (the callback's rc, or -1 / 0 for an
 * unreachable runtime under unavailable=fail / ignore) and never crash; valgrind checks it leaks and
 * touches nothing it should not. Prints "bridge: N passed, N failed".
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <slurm/spank.h>

#include "wire.h"

static int passed, failed;
#define CHECK(cond, what) do { if (cond) passed++; else { failed++; fprintf(stderr, "FAIL %s: %s\n", what, #cond); } } while (0)

/* ---- Slurm's side, stubbed: what the bridge asked of it ---- */
static spank_context_t context = S_CTX_LOCAL;
static char logged[4096];
static char setenv_seen[256];
static char option_seen[256];
static char *step_env[] = { "PATH=/usr/bin", "SLURM_SPANK_PLUGSTACK_VERSIONS=io.plugstack.sample.renice@1.2.0", NULL };

spank_context_t spank_context(void) { return context; }

spank_err_t spank_get_item(spank_t sp, spank_item_t item, ...)
{
	va_list ap;
	(void)sp;
	if (item != S_SLURM_VERSION && (item != S_JOB_ENV || context != S_CTX_REMOTE))
		return ESPANK_NOT_AVAIL;
	va_start(ap, item);
	if (item == S_JOB_ENV)
		*va_arg(ap, char ***) = step_env;
	else
		*va_arg(ap, char **) = "22.05.8";
	va_end(ap);
	return ESPANK_SUCCESS;
}

spank_err_t spank_setenv(spank_t sp, const char *var, const char *val, int overwrite)
{
	(void)sp; (void)overwrite;
	snprintf(setenv_seen, sizeof(setenv_seen), "%s=%s", var, val);
	return ESPANK_SUCCESS;
}

spank_err_t spank_unsetenv(spank_t sp, const char *var) { (void)sp; (void)var; return ESPANK_SUCCESS; }
spank_err_t spank_job_control_setenv(spank_t sp, const char *n, const char *v, int o) { (void)sp; (void)n; (void)v; (void)o; return ESPANK_SUCCESS; }
spank_err_t spank_job_control_unsetenv(spank_t sp, const char *n) { (void)sp; (void)n; return ESPANK_SUCCESS; }

spank_err_t spank_option_register(spank_t sp, struct spank_option *opt)
{
	(void)sp;
	snprintf(option_seen, sizeof(option_seen), "--%s=%s", opt->name, opt->arginfo ? opt->arginfo : "");
	return ESPANK_SUCCESS;
}

const char *spank_strerror(spank_err_t err) { (void)err; return "stub error"; }

static void record(const char *fmt, va_list ap)
{
	size_t n = strlen(logged);
	if (n < sizeof(logged) - 2) {
		vsnprintf(logged + n, sizeof(logged) - n - 1, fmt, ap);
		strcat(logged, "\n");
	}
}

#define LOGGER(name) void name(const char *fmt, ...) { va_list ap; va_start(ap, fmt); record(fmt, ap); va_end(ap); }
LOGGER(slurm_error)
LOGGER(slurm_info)
LOGGER(slurm_verbose)
LOGGER(slurm_debug)
LOGGER(slurm_debug2)
LOGGER(slurm_debug3)
LOGGER(slurm_spank_log)

/* ---- the scripted daemon ---- */
static char dir[64];
static char sock[100];

enum script { GOOD, REFUSED, GARBAGE, CUT_SHORT, SILENT, HUGE_LENGTH, ECHO_HELLO, GONE_ONCE, GONE_AFTER_WELCOME, REFUSED_ONCE };

static void put_u32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24); p[1] = (unsigned char)(v >> 16); p[2] = (unsigned char)(v >> 8); p[3] = (unsigned char)v;
}

static void send_frame(int fd, struct ps_out *o)
{
	if (!ps_out_end(o) && write(fd, o->data, o->len) < 0)
		_exit(3);
	ps_out_free(o);
}

/* Reads one frame and forgets it. */
static int drain(int fd)
{
	unsigned char head[5];
	uint32_t n;
	char buf[4096];
	if (read(fd, head, 5) != 5)
		return -1;
	n = (uint32_t)head[0] << 24 | (uint32_t)head[1] << 16 | (uint32_t)head[2] << 8 | head[3];
	for (n -= 1; n > 0;) {
		ssize_t r = read(fd, buf, n > sizeof(buf) ? sizeof(buf) : n);
		if (r <= 0)
			return -1;
		n -= (uint32_t)r;
	}
	return 0;
}

/* Reads one whole frame of at most cap bytes into buf: its body length, or -1. */
static long read_frame(int fd, unsigned char *buf, size_t cap)
{
	uint32_t n, got = 0;
	if (read(fd, buf, 5) != 5)
		return -1;
	n = (uint32_t)buf[0] << 24 | (uint32_t)buf[1] << 16 | (uint32_t)buf[2] << 8 | buf[3];
	if (n < 1 || n - 1 > cap)
		return -1;
	while (got < n - 1) {
		ssize_t r = read(fd, buf + got, n - 1 - got);
		if (r <= 0)
			return -1;
		got += (uint32_t)r;
	}
	return (long)got;
}

/* FNV-1a of NUL-terminated entries: what the daemon saw and what the process has, compared in one line. */
static uint32_t fnv(uint32_t h, const char *s)
{
	do
		h = (h ^ (unsigned char)*s) * 16777619u;
	while (*s++);
	return h;
}

/*
 * HELLO's job_versions, workdir and environment, answered as log lines after a WELCOME:
 * "job versions: <value>", "workdir: <value>" ("(none)" for NULL), "environment: <n> entries,
 * fnv <hash>" (fnv of the entries in order; a malformed HELLO says so).
 */
static void echo_hello(int fd)
{
	static unsigned char body[1 << 20];
	struct ps_in in;
	struct ps_out o;
	char *version, *arg, *versions, *workdir, line[3][512];
	uint32_t i, n, h = 2166136261u;
	long len = read_frame(fd, body, sizeof(body));
	if (len < 0 || drain(fd))
		_exit(0);
	ps_in_init(&in, body, (uint32_t)len);
	(void)ps_in_u32(&in); (void)ps_in_u32(&in);
	version = ps_in_str(&in);
	(void)ps_in_u32(&in);
	n = ps_in_u32(&in);
	for (i = 0; i < n && !in.failed; i++) {
		arg = ps_in_str(&in);
		free(arg);
	}
	versions = ps_in_str(&in);
	workdir = ps_in_str(&in);
	n = ps_in_count(&in, 4);
	for (i = 0; i < n && !in.failed; i++) {
		arg = ps_in_str(&in);
		h = arg ? fnv(h, arg) : h;
		free(arg);
	}
	snprintf(line[0], sizeof(line[0]), "job versions: %s%s", versions ? versions : "(none)", in.failed || in.left ? " (malformed)" : "");
	snprintf(line[1], sizeof(line[1]), "workdir: %s", workdir ? workdir : "(none)");
	snprintf(line[2], sizeof(line[2]), "environment: %u entries, fnv %08x", n, h);
	free(version);
	free(versions);
	free(workdir);
	ps_out_begin(&o, PS_WELCOME, PS_MAX_FRAME);
	ps_out_u32(&o, PS_PROTOCOL); ps_out_str(&o, "0123456789abcdef"); ps_out_u32(&o, 0xfff);
	send_frame(fd, &o);
	ps_out_begin(&o, PS_DONE, PS_MAX_FRAME);
	ps_out_u32(&o, 0); ps_out_u32(&o, 0); ps_out_u32(&o, 0); ps_out_u32(&o, 0);
	ps_out_u32(&o, 3);
	for (i = 0; i < 3; i++) {
		ps_out_u32(&o, 0);
		ps_out_str(&o, line[i]);
	}
	ps_out_u32(&o, 0); ps_out_u32(&o, 0);
	send_frame(fd, &o);
	drain(fd);
	_exit(0);
}

static void serve(int fd, enum script s)
{
	struct ps_out o;
	unsigned char raw[16];
	if (s == ECHO_HELLO)
		echo_hello(fd);
	if (drain(fd) || drain(fd)) /* HELLO, then the CALL pipelined behind it */
		_exit(0);
	if (s == SILENT) {
		sleep(5);
		_exit(0);
	}
	if (s == REFUSED) {
		ps_out_begin(&o, PS_REFUSE, PS_MAX_FRAME);
		ps_out_str(&o, "uid 1000 may not open a remote session");
		send_frame(fd, &o);
		_exit(0);
	}
	ps_out_begin(&o, PS_WELCOME, PS_MAX_FRAME);
	ps_out_u32(&o, PS_PROTOCOL);
	ps_out_str(&o, "0123456789abcdef");
	ps_out_u32(&o, 0xfff);
	send_frame(fd, &o);
	if (s == GARBAGE) {
		memset(raw, 0xa5, sizeof(raw));
		put_u32(raw, 12);
		raw[4] = PS_DONE;
		if (write(fd, raw, sizeof(raw)) < 0)
			_exit(3);
		_exit(0);
	}
	if (s == HUGE_LENGTH) {
		put_u32(raw, 0x7fffffff);
		raw[4] = PS_DONE;
		if (write(fd, raw, 5) < 0)
			_exit(3);
		_exit(0);
	}
	ps_out_begin(&o, PS_DONE, PS_MAX_FRAME);
	ps_out_u32(&o, (uint32_t)-1);
	ps_out_u32(&o, 0);
	ps_out_u32(&o, 1); /* env: set FOO=bar */
	ps_out_u32(&o, 0); ps_out_str(&o, "FOO"); ps_out_str(&o, "bar");
	ps_out_u32(&o, 0); /* job control */
	ps_out_u32(&o, 1); /* a log line */
	ps_out_u32(&o, 0); ps_out_str(&o, "renice: refused on purpose");
	ps_out_u32(&o, 1); /* an option */
	ps_out_str(&o, "renice"); ps_out_str(&o, "prio"); ps_out_str(&o, "run at niceness prio"); ps_out_u32(&o, 1); ps_out_u32(&o, 0);
	ps_out_u32(&o, 0); /* no effect */
	if (s == CUT_SHORT) {
		if (!ps_out_end(&o) && write(fd, o.data, o.len / 2) < 0)
			_exit(3);
		ps_out_free(&o);
		_exit(0);
	}
	send_frame(fd, &o);
	drain(fd); /* until the bridge closes */
	_exit(0);
}

/* A daemon serving one connection with script s; returns its pid. */
static pid_t daemon_with(enum script s)
{
	struct sockaddr_un a;
	int l = socket(AF_UNIX, SOCK_STREAM, 0);
	pid_t pid;
	memset(&a, 0, sizeof(a));
	a.sun_family = AF_UNIX;
	snprintf(a.sun_path, sizeof(a.sun_path), "%s", sock);
	unlink(sock);
	if (l < 0 || bind(l, (struct sockaddr *)&a, sizeof(a)) || listen(l, 4)) {
		perror("daemon");
		exit(2);
	}
	pid = fork();
	if (pid == 0) {
		int c = accept(l, NULL, NULL);
		if ((s == GONE_ONCE || s == GONE_AFTER_WELCOME) && c >= 0) { /* the runtime killed mid-callback */
			struct ps_out w;
			if (drain(c) || drain(c))
				_exit(0);
			if (s == GONE_AFTER_WELCOME) { /* it welcomed the session, then died running the callback */
				ps_out_begin(&w, PS_WELCOME, PS_MAX_FRAME);
				ps_out_u32(&w, PS_PROTOCOL); ps_out_str(&w, "0123456789abcdef"); ps_out_u32(&w, 0xfff);
				send_frame(c, &w);
			}
			close(c);
			s = GOOD;
			c = accept(l, NULL, NULL);
		} else if (s == REFUSED_ONCE) { /* refused, then a good one the bridge must not try */
			if (c >= 0)
				if (fork() == 0)
					serve(c, REFUSED);
			c = accept(l, NULL, NULL);
			s = GOOD;
		}
		if (c >= 0)
			serve(c, s);
		_exit(0);
	}
	close(l);
	return pid;
}

static void reap(pid_t pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	unlink(sock);
}

/* The bridge's process state is static: each case runs in its own child, as each Slurm process would. */
static int in_child(int (*body)(void))
{
	int status;
	pid_t pid;
	fflush(NULL);
	pid = fork();
	if (pid == 0)
		_exit(body());
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 100 + WTERMSIG(status);
}

static char arg_dir[128], arg_timeout[] = "timeout=1000", arg_wait[] = "connect_wait=0", arg_ignore[] = "unavailable=ignore";

static int init_with(int ignore)
{
	char *av[] = { arg_dir, arg_timeout, arg_wait, ignore ? arg_ignore : arg_timeout };
	return slurm_spank_init(NULL, 4, av);
}

/* each returns 0 when every expectation held (checked in the child, reported as its exit code) */
static int down_fails_init(void)
{
	return !(init_with(0) == -1 && strstr(logged, "plugstack: init: the Plugstack runtime at") && strstr(logged, "/user.sock"));
}

static int down_ignored(void)
{
	return !(init_with(1) == 0 && (strstr(logged, "Connection refused") || strstr(logged, "No such file")));
}

static int good_answer_applied(void)
{
	context = S_CTX_REMOTE;
	return !(init_with(0) == -1 && !strcmp(setenv_seen, "FOO=bar") && !strcmp(option_seen, "--renice=prio")
		 && strstr(logged, "renice: refused on purpose"));
}

static int refused_fails_with_reason(void)
{
	return !(init_with(0) == -1 && strstr(logged, "refused: uid 1000 may not open a remote session"));
}

static int broken_answer_fails_then_fails_fast(void)
{
	char *av[] = { arg_dir, arg_timeout, arg_wait };
	int first = init_with(0);
	int later = slurm_spank_init_post_opt(NULL, 3, av);
	return !(first == -1 && later == -1 && strstr(logged, "it failed earlier in this process")
		 && strstr(logged, "plugstack: init:"));
}

static int silent_daemon_times_out(void)
{
	return !(init_with(0) == -1 && strstr(logged, "timed out"));
}

/* A prolog's or epilog's callback whose runtime went away before answering runs again on the one that is back. */
static int job_script_callback_runs_again_when_the_runtime_went_away(void)
{
	char *av[] = { arg_dir, arg_timeout, arg_wait };
	context = S_CTX_JOB_SCRIPT;
	return !(slurm_spank_job_epilog(NULL, 3, av) == -1 && strstr(logged, "trying again")
		 && strstr(logged, "renice: refused on purpose") && !strstr(logged, "error"));
}

/* A refusal is the runtime's answer: never tried again. */
static int job_script_callback_refused_is_not_tried_again(void)
{
	char *av[] = { arg_dir, arg_timeout, arg_wait };
	context = S_CTX_JOB_SCRIPT;
	return !(slurm_spank_job_epilog(NULL, 3, av) == -1 && strstr(logged, "refused: uid 1000") && !strstr(logged, "trying again"));
}

static int late_callbacks_only_log(void)
{
	char *av[] = { arg_dir, arg_timeout, arg_wait };
	return !(slurm_spank_exit(NULL, 3, av) == 0 && slurm_spank_task_exit(NULL, 3, av) == 0);
}

static int remote_hello_carries_the_steps_versions(void)
{
	context = S_CTX_REMOTE;
	return !(init_with(0) == 0 && strstr(logged, "job versions: io.plugstack.sample.renice@1.2.0\n"));
}

static int local_hello_carries_sruns_versions(void)
{
	setenv("SLURM_SPANK_PLUGSTACK_VERSIONS", "io.plugstack.sample.renice@1.1.0", 1);
	return !(init_with(0) == 0 && strstr(logged, "job versions: io.plugstack.sample.renice@1.1.0\n"));
}

static int allocator_hello_carries_no_versions(void)
{
	context = S_CTX_ALLOCATOR;
	setenv("SLURM_SPANK_PLUGSTACK_VERSIONS", "io.plugstack.sample.renice@1.1.0", 1);
	return !(init_with(0) == 0 && strstr(logged, "job versions: (none)\n"));
}

/* The line echo_hello answers for these entries (the first n of env). */
static void environment_line(char *line, size_t size, char **env, uint32_t n)
{
	uint32_t i, h = 2166136261u;
	for (i = 0; i < n; i++)
		h = fnv(h, env[i]);
	snprintf(line, size, "environment: %u entries, fnv %08x\n", n, h);
}

static int local_hello_carries_the_process_workdir_and_environment(void)
{
	char want_dir[256], want_env[128];
	uint32_t n = 0;
	if (chdir(dir))
		return 1;
	setenv("PLUGSTACK_BRIDGE_TEST", "a=b c", 1);
	while (environ[n])
		n++;
	snprintf(want_dir, sizeof(want_dir), "workdir: %s\n", dir);
	environment_line(want_env, sizeof(want_env), environ, n);
	return !(n > 1 && init_with(0) == 0 && strstr(logged, want_dir) && strstr(logged, want_env)
		 && !strstr(logged, "(malformed)"));
}

static int local_hello_without_a_working_directory_carries_null(void)
{
	char gone[128];
	snprintf(gone, sizeof(gone), "%s/gone", dir);
	if (mkdir(gone, 0700) || chdir(gone) || rmdir(gone)) /* getcwd fails: ENOENT */
		return 1;
	return !(init_with(0) == 0 && strstr(logged, "workdir: (none)\n") && !strstr(logged, "(malformed)"));
}

static int remote_hello_carries_no_workdir_and_no_environment(void)
{
	context = S_CTX_REMOTE;
	return !(init_with(0) == 0 && strstr(logged, "workdir: (none)\n") && strstr(logged, "environment: 0 entries")
		 && !strstr(logged, "(malformed)"));
}

/*
 * 256 entries of 1020 bytes take exactly 256 KiB as str bytes (4 + 1020 each): all go; the next one,
 * however small, would pass the limit: it and everything after it are left out.
 */
static int environment_over_256_kib_is_cut_at_the_entry_that_would_pass_it(void)
{
	static char entries[256][1021];
	static char *env[260];
	char want[128];
	int i;
	context = S_CTX_ALLOCATOR;
	for (i = 0; i < 256; i++) {
		snprintf(entries[i], 6, "V%03d=", i);
		memset(entries[i] + 5, 'x', 1015);
		entries[i][1020] = '\0';
		env[i] = entries[i];
	}
	env[256] = "S=1";
	env[257] = "T=2";
	env[258] = NULL;
	environ = env;
	environment_line(want, sizeof(want), env, 256);
	return !(init_with(0) == 0 && strstr(logged, want) && !strstr(logged, "(malformed)"));
}

static void run(const char *name, enum script s, int with_daemon, int (*body)(void))
{
	pid_t d = with_daemon ? daemon_with(s) : 0;
	int rc = in_child(body);
	CHECK(rc == 0, name);
	if (rc)
		fprintf(stderr, "  (%s: child status %d)\n", name, rc);
	if (d)
		reap(d);
}

int main(void)
{
	char tmpl[] = "/tmp/bridge-test-XXXXXX";
	signal(SIGPIPE, SIG_IGN);
	if (!mkdtemp(tmpl))
		return 2;
	snprintf(dir, sizeof(dir), "%s", tmpl);
	snprintf(sock, sizeof(sock), "%s/user.sock", dir);
	snprintf(arg_dir, sizeof(arg_dir), "socket_dir=%s", dir);

	run("runtime down, unavailable=fail: init fails naming the socket", GOOD, 0, down_fails_init);
	run("runtime down, unavailable=ignore: init goes on", GOOD, 0, down_ignored);
	run("late callbacks with no session: nothing to end, rc 0", GOOD, 0, late_callbacks_only_log);
	run("a refused session fails init with the daemon's reason", REFUSED, 1, refused_fails_with_reason);
	snprintf(sock, sizeof(sock), "%s/root.sock", dir);
	run("job_script: a callback whose runtime went away mid-way runs again", GONE_ONCE, 1,
	    job_script_callback_runs_again_when_the_runtime_went_away);
	run("job_script: a callback whose runtime died after its WELCOME runs again", GONE_AFTER_WELCOME, 1,
	    job_script_callback_runs_again_when_the_runtime_went_away);
	run("job_script: a refused callback is not tried again", REFUSED_ONCE, 1, job_script_callback_refused_is_not_tried_again);
	run("a DONE is applied: rc, setenv in remote, option registered, log line", GOOD, 1, good_answer_applied);
	run("remote: HELLO carries the job's versions from the step's environment", ECHO_HELLO, 1,
	    remote_hello_carries_the_steps_versions);
	run("remote: HELLO carries a NULL workdir and no environment", ECHO_HELLO, 1,
	    remote_hello_carries_no_workdir_and_no_environment);
	snprintf(sock, sizeof(sock), "%s/user.sock", dir);
	run("local: HELLO carries the job's versions from srun's environment", ECHO_HELLO, 1, local_hello_carries_sruns_versions);
	run("allocator: HELLO carries none (sbatch starts a new job)", ECHO_HELLO, 1, allocator_hello_carries_no_versions);
	run("local: HELLO carries the process's getcwd and environment", ECHO_HELLO, 1,
	    local_hello_carries_the_process_workdir_and_environment);
	run("local: HELLO's workdir is NULL when getcwd fails", ECHO_HELLO, 1,
	    local_hello_without_a_working_directory_carries_null);
	run("an environment over 256 KiB is cut at the entry that would pass the limit", ECHO_HELLO, 1,
	    environment_over_256_kib_is_cut_at_the_entry_that_would_pass_it);
	run("a garbage DONE fails the callback; the session is never reused", GARBAGE, 1, broken_answer_fails_then_fails_fast);
	run("a DONE cut short fails the callback", CUT_SHORT, 1, broken_answer_fails_then_fails_fast);
	run("a frame length above the limit fails the callback, nothing allocated", HUGE_LENGTH, 1, broken_answer_fails_then_fails_fast);
	run("a daemon that never answers: the callback fails at timeout=", SILENT, 1, silent_daemon_times_out);

	rmdir(dir);
	printf("bridge: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
