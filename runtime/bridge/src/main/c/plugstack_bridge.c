/*
 * plugstack_bridge.so: the one C SPANK plugin a real Slurm loads (one `required` line in its
 * plugstack.conf). Every callback, in every context, is forwarded to this node's Plugstack runtime
 * over a Unix socket (PROTOCOL.md); the Java plugins run there, and their answer is applied here, in
 * the calling srun, sbatch, salloc, slurmstepd or slurmd: return code, environment and job-control
 * changes, option registrations, process effects, log lines.
 *
 * It runs inside srun and slurmstepd: nothing here may crash or hang them. Every frame is decoded
 * whole and bounds-checked before anything is applied; every wait has a deadline; a session that
 * failed once is never reused in the same process.
 *
 * Arguments (the rest go to the runtime in HELLO):
 *   socket_dir=DIR        where the runtime's user.sock and root.sock are (default /run/plugstack)
 *   timeout=MS            how long one callback may take in the runtime (default 10000)
 *   connect_wait=MS       how long to keep trying a runtime that is not there, or whose socket's
 *                         backlog is full (default 10000: a restart under load took 3.4 s on a
 *                         2-core node, and a failed prolog drains the node; 0: fail at once)
 *   unavailable=fail      a runtime that cannot be reached fails the callback (default), as a
 *   unavailable=ignore    failing plugin would; or the callback goes on without the Java plugins
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <slurm/spank.h>
#include <slurm/slurm_version.h>

#include "conn.h"
#include "done.h"
#include "wire.h"

SPANK_PLUGIN(plugstack, 1)

#if defined(SLURM_VERSION_NUM) && SLURM_VERSION_NUMBER >= SLURM_VERSION_NUM(25, 5, 0)
/*
 * Read by Slurm (25.05+) only after a required plugin's init failed, and then it REPLACES init's rc:
 * the failing Java plugin's choice from DONE, else init's own rc, so a plugin without a choice (or a
 * runtime that cannot be reached) fails as a C plugin without the symbol does. Left at 0 it would turn
 * that failure into success (a real 26.05.5 srun ran its task after "init() failed with rc=-1").
 */
int slurm_spank_init_failure_mode = 0;
#define HAVE_INIT_FAILURE_MODE 1
#endif

/* connect_wait= by default: above a restart under load (3.4 s measured during 50 sruns on a 2-core node), with margin */
#define CONNECT_WAIT_MS 10000

extern char **environ;


/* The wire's callback numbers: spank.h's order (PROTOCOL.md). */
enum callback {
	CB_INIT, CB_JOB_PROLOG, CB_INIT_POST_OPT, CB_LOCAL_USER_INIT, CB_USER_INIT, CB_TASK_INIT_PRIVILEGED,
	CB_TASK_INIT, CB_TASK_POST_FORK, CB_TASK_EXIT, CB_JOB_EPILOG, CB_SLURMD_EXIT, CB_EXIT
};

static const char *const callback_names[] = {
	"init", "job_prolog", "init_post_opt", "local_user_init", "user_init", "task_init_privileged",
	"task_init", "task_post_fork", "task_exit", "job_epilog", "slurmd_exit", "exit"
};

struct conf {
	char socket_dir[200];
	int timeout_ms;
	int connect_wait_ms;
	int fail; /* unavailable=fail */
};

/* This process's session. A forked task child inherits it and joins it with its own connection. */
static struct {
	int fd;
	pid_t pid;    /* the process that opened fd */
	int broken;   /* failed once: never reopened in this process */
	uint32_t defined; /* WELCOME's mask: the callbacks some Java plugin defines */
	char token[72];
	char socket[220];
} conn = { -1, 0, 0, 0, "", "" };

static char reason[512];
/* The arguments of the last callback, for the option callback (Slurm passes it none). */
static struct conf last_conf = { "/run/plugstack", 10000, CONNECT_WAIT_MS, 1 };

static int is_late(enum callback cb)
{
	return cb == CB_TASK_EXIT || cb == CB_EXIT || cb == CB_SLURMD_EXIT;
}

static int bridge_arg(const char *a, struct conf *c)
{
	if (!strncmp(a, "socket_dir=", 11)) {
		snprintf(c->socket_dir, sizeof(c->socket_dir), "%s", a + 11);
	} else if (!strncmp(a, "timeout=", 8)) {
		long ms = strtol(a + 8, NULL, 10);
		c->timeout_ms = ms > 0 && ms <= 3600000 ? (int)ms : c->timeout_ms;
	} else if (!strncmp(a, "connect_wait=", 13)) {
		long ms = strtol(a + 13, NULL, 10);
		c->connect_wait_ms = ms >= 0 && ms <= 3600000 ? (int)ms : c->connect_wait_ms;
	} else if (!strcmp(a, "unavailable=fail")) {
		c->fail = 1;
	} else if (!strcmp(a, "unavailable=ignore")) {
		c->fail = 0;
	} else {
		return 0;
	}
	return 1;
}

/* Parsed in every callback: the job_script context never calls init. */
static void parse_args(int ac, char **av, struct conf *c)
{
	int i;
	snprintf(c->socket_dir, sizeof(c->socket_dir), "%s", "/run/plugstack");
	c->timeout_ms = 10000;
	c->connect_wait_ms = CONNECT_WAIT_MS;
	c->fail = 1;
	for (i = 0; i < ac; i++)
		if (av[i])
			bridge_arg(av[i], c);
}

static void log_line(uint32_t level, const char *text)
{
	switch (level) {
	case 0: slurm_error("%s", text); break;
	case 1: slurm_info("%s", text); break;
	case 2: slurm_verbose("%s", text); break;
	case 3: slurm_debug("%s", text); break;
	case 4: slurm_debug2("%s", text); break;
	case 5: slurm_debug3("%s", text); break;
	default: slurm_spank_log("%s", text); break;
	}
}

/*
 * The runtime could not serve this callback: say why once, drop the session for good, and answer
 * as a failing plugin would (unavailable=fail) or as if no Java plugin were there (ignore). Late
 * callbacks (task_exit, exit, slurmd_exit) only log: Slurm ignores what they return.
 */
static int unavailable(const struct conf *c, enum callback cb, const char *why)
{
	if (!conn.broken)
		slurm_error("plugstack: %s: the Plugstack runtime at %s: %s", callback_names[cb],
			    conn.socket[0] ? conn.socket : c->socket_dir, why);
	else
		slurm_debug("plugstack: %s: no session with the Plugstack runtime (%s)", callback_names[cb], why);
	if (conn.fd >= 0)
		close(conn.fd);
	conn.fd = -1;
	conn.broken = 1;
	return c->fail && !is_late(cb) ? -1 : 0;
}

/* Sends a frame and reads the answer: 0 with the answer, or -1 with *why. */
static int exchange(const struct conf *c, struct ps_out *o, uint8_t *type, unsigned char **body, uint32_t *len,
		    const char **why)
{
	if (ps_out_end(o)) {
		*why = "request too large";
		return -1;
	}
	if (ps_send(conn.fd, o, c->timeout_ms, why))
		return -1;
	return ps_recv(conn.fd, PS_MAX_FRAME, c->timeout_ms, type, body, len, why);
}

/* WELCOME (keeping its token) or REFUSE (its reason becomes *why): 0 when welcomed. */
/*
 * Set once the runtime answered HELLO with a refusal or garbage: it spoke, so trying again changes nothing.
 * A WELCOME is not that: the runtime sends it before it reads the CALL, so a runtime killed after it has
 * not necessarily run the callback.
 */
static int answered;

static int welcomed(uint8_t type, const unsigned char *body, uint32_t len, const char **why)
{
	struct ps_in in;
	char *s;
	uint32_t defined;
	ps_in_init(&in, body, len);
	if (type != PS_WELCOME)
		answered = 1;
	if (type == PS_REFUSE) {
		s = ps_in_str(&in);
		snprintf(reason, sizeof(reason), "refused: %s", s ? s : "(no reason)");
		free(s);
		*why = reason;
		return -1;
	}
	if (type != PS_WELCOME || ps_in_u32(&in) != PS_PROTOCOL) {
		*why = "unexpected answer to HELLO";
		return -1;
	}
	s = ps_in_str(&in);
	defined = ps_in_u32(&in);
	if (in.failed || in.left || !s || strlen(s) >= sizeof(conn.token)) {
		free(s);
		*why = "malformed WELCOME";
		return -1;
	}
	memcpy(conn.token, s, strlen(s) + 1);
	conn.defined = defined;
	free(s);
	return 0;
}

/* NAME's value in a NULL-terminated environment array, or NULL. */
static const char *env_value(char **env, const char *name)
{
	size_t n = strlen(name);
	for (; env && *env; env++)
		if (!strncmp(*env, name, n) && (*env)[n] == '=')
			return *env + n + 1;
	return NULL;
}

/*
 * The plugin versions the job carries, as this process sees them (PROTOCOL.md, "The job's versions"):
 * the step's environment in slurmstepd, this process's own in srun and in a prolog or epilog.
 */
static const char *job_versions(spank_t sp, spank_context_t ctx)
{
	char **env = NULL;
	switch (ctx) {
	case S_CTX_LOCAL:
		return getenv("SLURM_SPANK_PLUGSTACK_VERSIONS");
	case S_CTX_REMOTE:
		if (spank_get_item(sp, S_JOB_ENV, &env) != ESPANK_SUCCESS)
			return NULL;
		return env_value(env, "SLURM_SPANK_PLUGSTACK_VERSIONS");
	case S_CTX_JOB_SCRIPT:
		return getenv("SPANK_PLUGSTACK_VERSIONS");
	default:
		return NULL; /* sbatch and salloc start a new job; slurmd serves none */
	}
}

/*
 * The user's process (PROTOCOL.md): in srun, sbatch and salloc the Java code runs in the daemon for
 * this process, so HELLO carries its working directory and environment; the environment stops at the
 * entry that would take it over PS_ENV_MAX. Elsewhere (slurmstepd, slurmd) there is no user's process:
 * NULL and none.
 */
static void put_process(struct ps_out *o, spank_context_t ctx)
{
	char cwd[PATH_MAX]; /* bounded: a longer path fails with ERANGE and is sent as NULL */
	size_t total = 0;
	uint32_t n = 0, i;
	if (ctx != S_CTX_LOCAL && ctx != S_CTX_ALLOCATOR) {
		ps_out_str(o, NULL);
		ps_out_u32(o, 0);
		return;
	}
	ps_out_str(o, getcwd(cwd, sizeof(cwd)));
	for (; environ && environ[n]; n++) {
		size_t len = strlen(environ[n]);
		if (len > PS_ENV_MAX - 4 || total + 4 + len > PS_ENV_MAX)
			break;
		total += 4 + len;
	}
	ps_out_u32(o, n);
	for (i = 0; i < n; i++)
		ps_out_str(o, environ[i]);
}

/*
 * Opens this process's session: sends HELLO with the context, the running Slurm's release, the
 * bridge's other arguments, the job's plugin versions and the user's process; or, in a task child
 * forked by slurmstepd, ATTACH to the step's session by its token (the child is still root here:
 * root.sock). The answer is read by read_welcome.
 */
static int open_session(spank_t sp, spank_context_t ctx, const struct conf *c, int ac, char **av, int attach,
			const char **why)
{
	struct ps_out o;
	uint32_t nargs = 0;
	char *version = NULL, headers[32];
	int i, waited;

	snprintf(conn.socket, sizeof(conn.socket), "%s/%s", c->socket_dir,
		 ctx == S_CTX_LOCAL || ctx == S_CTX_ALLOCATOR ? "user.sock" : "root.sock");
	conn.fd = ps_connect(conn.socket, why);
	for (waited = 0; conn.fd < 0 && (errno == ENOENT || errno == ECONNREFUSED || errno == EAGAIN) && waited < c->connect_wait_ms;
	     waited += 100) {
		/* not there (yet): the runtime may be restarting; or its backlog is full for a moment (a burst, a flood) */
		struct timespec tenth = { 0, 100000000 };
		nanosleep(&tenth, NULL);
		conn.fd = ps_connect(conn.socket, why);
	}
	if (conn.fd < 0)
		return -1;
	conn.pid = getpid();
	if (attach) {
		ps_out_begin(&o, PS_ATTACH, PS_MAX_FRAME);
		ps_out_u32(&o, PS_PROTOCOL);
		ps_out_str(&o, conn.token);
		ps_out_u32(&o, (uint32_t)getpid());
	} else {
		if (spank_get_item(sp, S_SLURM_VERSION, &version) != ESPANK_SUCCESS || !version)
		{
			/* the release of the headers this was built against, in Slurm's form (22.05.8) */
			snprintf(headers, sizeof(headers), "%d.%02d.%d", SLURM_VERSION_MAJOR(SLURM_VERSION_NUMBER),
				 SLURM_VERSION_MINOR(SLURM_VERSION_NUMBER), SLURM_VERSION_MICRO(SLURM_VERSION_NUMBER));
			version = headers;
		}
		ps_out_begin(&o, PS_HELLO, PS_MAX_FRAME);
		ps_out_u32(&o, PS_PROTOCOL);
		ps_out_u32(&o, (uint32_t)ctx);
		ps_out_str(&o, version);
		ps_out_u32(&o, (uint32_t)getpid());
		for (i = 0; i < ac; i++)
			nargs += av[i] && !bridge_arg(av[i], &(struct conf){ "", 0, 0, 0 });
		ps_out_u32(&o, nargs);
		for (i = 0; i < ac; i++)
			if (av[i] && !bridge_arg(av[i], &(struct conf){ "", 0, 0, 0 }))
				ps_out_str(&o, av[i]);
		ps_out_str(&o, job_versions(sp, ctx));
		put_process(&o, ctx);
	}
	if (ps_out_end(&o)) {
		*why = "request too large";
		return -1;
	}
	return ps_send(conn.fd, &o, c->timeout_ms, why);
}

/* The answer to HELLO or ATTACH, read after the first CALL went out behind it. */
static int read_welcome(const struct conf *c, const char **why)
{
	uint8_t type;
	unsigned char *body = NULL;
	uint32_t len;
	int rc = ps_recv(conn.fd, PS_MAX_FRAME, c->timeout_ms, &type, &body, &len, why);
	if (!rc)
		rc = welcomed(type, body, len, why);
	free(body);
	return rc;
}

/* The numeric items the runtime's SPANK handle serves, with the C type spank_get_item writes. */
enum item_type { T_U32, T_U16, T_INT, T_UID, T_GID, T_PID };
static const struct {
	spank_item_t item;
	enum item_type type;
	int task_only;
} number_items[] = {
	{ S_JOB_UID, T_UID, 0 }, { S_JOB_GID, T_GID, 0 }, { S_JOB_ID, T_U32, 0 }, { S_JOB_STEPID, T_U32, 0 },
	{ S_JOB_NNODES, T_U32, 0 }, { S_JOB_NODEID, T_U32, 0 }, { S_JOB_LOCAL_TASK_COUNT, T_U32, 0 },
	{ S_JOB_TOTAL_TASK_COUNT, T_U32, 0 }, { S_JOB_NCPUS, T_U16, 0 }, { S_TASK_ID, T_INT, 1 },
	{ S_TASK_GLOBAL_ID, T_U32, 1 }, { S_TASK_EXIT_STATUS, T_INT, 1 }, { S_TASK_PID, T_PID, 1 },
	{ S_SLURM_RESTART_COUNT, T_U32, 0 }, { S_JOB_ARRAY_ID, T_U32, 0 }, { S_JOB_ARRAY_TASK_ID, T_U32, 0 },
};
#define N_NUMBER_ITEMS (sizeof(number_items) / sizeof(number_items[0]))

static int number_item(spank_t sp, size_t i, int64_t *v)
{
	uint32_t u32 = 0;
	uint16_t u16 = 0;
	int n = 0;
	uid_t uid = 0;
	gid_t gid = 0;
	pid_t pid = 0;
	spank_err_t e = ESPANK_BAD_ARG;
	switch (number_items[i].type) {
	case T_U32: e = spank_get_item(sp, number_items[i].item, &u32); *v = u32; break;
	case T_U16: e = spank_get_item(sp, number_items[i].item, &u16); *v = u16; break;
	case T_INT: e = spank_get_item(sp, number_items[i].item, &n); *v = n; break;
	case T_UID: e = spank_get_item(sp, number_items[i].item, &uid); *v = uid; break;
	case T_GID: e = spank_get_item(sp, number_items[i].item, &gid); *v = gid; break;
	case T_PID: e = spank_get_item(sp, number_items[i].item, &pid); *v = pid; break;
	}
	return e == ESPANK_SUCCESS;
}

static void put_strs(struct ps_out *o, char **s, int n)
{
	int i, count = 0;
	for (i = 0; s && (n < 0 ? s[i] != NULL : i < n); i++)
		count += s[i] != NULL;
	ps_out_u32(o, (uint32_t)count);
	for (i = 0; s && (n < 0 ? s[i] != NULL : i < n); i++)
		if (s[i])
			ps_out_str(o, s[i]);
}

/*
 * CALL: the items spank_get_item answers in this callback and the environment spank_getenv reads
 * here (remote: the step's, S_JOB_ENV; elsewhere this process's own).
 */
static void build_call(struct ps_out *o, spank_t sp, spank_context_t ctx, enum callback cb)
{
	int64_t values[N_NUMBER_ITEMS];
	int have[N_NUMBER_ITEMS];
	int task = cb == CB_TASK_INIT_PRIVILEGED || cb == CB_TASK_INIT || cb == CB_TASK_POST_FORK || cb == CB_TASK_EXIT;
	int argc = 0;
	char **argv = NULL, **env = NULL;
	uint32_t n = 0;
	size_t i;

	for (i = 0; i < N_NUMBER_ITEMS; i++) {
		have[i] = (task || !number_items[i].task_only) && number_item(sp, i, &values[i]);
		n += have[i];
	}
	if (spank_get_item(sp, S_JOB_ARGV, &argc, &argv) != ESPANK_SUCCESS || argc < 0)
		argv = NULL;
	ps_out_begin(o, PS_CALL, PS_MAX_FRAME);
	ps_out_u32(o, (uint32_t)cb);
	ps_out_u32(o, n + (argv != NULL));
	for (i = 0; i < N_NUMBER_ITEMS; i++) {
		if (!have[i])
			continue;
		ps_out_u32(o, (uint32_t)number_items[i].item);
		ps_out_u32(o, 0);
		ps_out_i64(o, values[i]);
	}
	if (argv) {
		ps_out_u32(o, S_JOB_ARGV);
		ps_out_u32(o, 2);
		put_strs(o, argv, argc);
	}
	if (ctx != S_CTX_REMOTE || spank_get_item(sp, S_JOB_ENV, &env) != ESPANK_SUCCESS)
		env = ctx == S_CTX_REMOTE ? NULL : environ;
	put_strs(o, env, -1);
}

static int opt_cb(int val, const char *optarg, int remote);

/*
 * What the runtime's answer changes here. Environment changes go where spank_getenv reads:
 * the step's environment in slurmstepd, this process's own elsewhere.
 */
static void apply(spank_t sp, spank_context_t ctx, enum callback cb, const struct ps_done *d)
{
	uint32_t i;
	for (i = 0; i < d->nlogs; i++)
		log_line(d->logs[i].level, d->logs[i].text);
	for (i = 0; i < d->nenv; i++) {
		const struct ps_env_op *e = &d->env[i];
		if (ctx == S_CTX_REMOTE)
			(void)(e->unset ? spank_unsetenv(sp, e->name) : spank_setenv(sp, e->name, e->value, 1));
		else if (e->unset)
			unsetenv(e->name);
		else
			setenv(e->name, e->value, 1);
	}
	for (i = 0; i < d->njc; i++) {
		const struct ps_env_op *e = &d->jc[i];
		spank_err_t r = e->unset ? spank_job_control_unsetenv(sp, e->name)
					 : spank_job_control_setenv(sp, e->name, e->value, 1);
		if (r != ESPANK_SUCCESS)
			slurm_error("plugstack: job control variable %s: %s", e->name, spank_strerror(r));
	}
	for (i = 0; cb == CB_INIT && i < d->nopts; i++) {
		struct spank_option o;
		spank_err_t r;
		o.name = d->opts[i].name;
		o.arginfo = d->opts[i].arginfo;
		o.usage = d->opts[i].usage;
		o.has_arg = (int)d->opts[i].has_arg;
		o.val = (int)d->opts[i].val;
		o.cb = opt_cb;
		r = spank_option_register(sp, &o); /* Slurm keeps its own copy */
		if (r != ESPANK_SUCCESS)
			slurm_error("plugstack: option --%s: %s", o.name, spank_strerror(r));
	}
	for (i = 0; i < d->neffects; i++) {
		const struct ps_effect *e = &d->effects[i];
		if (e->kind == PS_EFFECT_TASK_NICENESS && (cb == CB_TASK_INIT_PRIVILEGED || cb == CB_TASK_INIT)) {
			/* this is the task's own process, just before exec: the program inherits it */
			if (setpriority(PRIO_PROCESS, 0, (int)e->number) < 0)
				slurm_error("plugstack: cannot set the task's niceness to %lld: %s", (long long)e->number,
					    strerror(errno));
		} else if (e->kind == PS_EFFECT_TASK_NICENESS && cb == CB_TASK_POST_FORK) {
			/* slurmstepd, root, with the task forked and held back from exec: the program inherits it */
			pid_t pid = 0;
			if (spank_get_item(sp, S_TASK_PID, &pid) != ESPANK_SUCCESS || pid <= 0)
				slurm_error("plugstack: cannot set the task's niceness to %lld: no task pid", (long long)e->number);
			else if (setpriority(PRIO_PROCESS, (id_t)pid, (int)e->number) < 0)
				slurm_error("plugstack: cannot set the niceness of task pid %ld to %lld: %s", (long)pid,
					    (long long)e->number, strerror(errno));
		} else if (e->kind == PS_EFFECT_PREPEND_TASK_ARGV) {
			/* Slurm 23.11+; looked up at run time so one source serves every release */
			spank_err_t (*prepend)(spank_t, int, const char *[]) = NULL;
			void *sym = dlsym(RTLD_DEFAULT, "spank_prepend_task_argv");
			spank_err_t r;
			memcpy(&prepend, &sym, sizeof(sym)); /* ISO C has no object-to-function pointer cast */
			r = prepend ? prepend(sp, (int)e->nargs, (const char **)e->args) : ESPANK_NOT_AVAIL;
			if (r != ESPANK_SUCCESS)
				slurm_error("plugstack: spank_prepend_task_argv: %s", spank_strerror(r));
		} else {
			slurm_error("plugstack: %s: effect %u is not for this callback; ignored", callback_names[cb],
				    e->kind);
		}
	}
#ifdef HAVE_INIT_FAILURE_MODE
	if (cb == CB_INIT && d->failure_mode)
		slurm_spank_init_failure_mode = (int)d->failure_mode;
#endif
}

/*
 * Whether the runtime went away (the connection ended or was reset), as a killed or restarting one does;
 * not a timeout: a slow runtime may still be running the callback, which must not run twice.
 */
static int gone(const char *why)
{
	return why && (!strcmp(why, "connection closed") || !strcmp(why, "the Plugstack runtime closed the connection")
		       || !strcmp(why, strerror(ECONNRESET)) || !strcmp(why, strerror(EPIPE)));
}

/* Sends CALL o (behind the HELLO already sent when opened) and reads the answer: 0, or -1 with *why. */
static int call(const struct conf *c, struct ps_out *o, int opened, uint8_t *type, unsigned char **body, uint32_t *len,
		const char **why)
{
	*why = NULL;
	if (ps_send(conn.fd, o, c->timeout_ms, why) || (opened && read_welcome(c, why))
	    || ps_recv(conn.fd, PS_MAX_FRAME, c->timeout_ms, type, body, len, why))
		return -1;
	return 0;
}

/* One callback, forwarded: the Java stack's rc, its effects applied here. */
static int forward(spank_t sp, enum callback cb, int ac, char **av)
{
	struct conf c;
	spank_context_t ctx = spank_context();
	struct ps_out o;
	struct ps_done d;
	uint8_t type;
	unsigned char *body = NULL;
	uint32_t len;
	const char *why = NULL;
	int opened = 0;

	parse_args(ac, av, &c);
	last_conf = c;
	if (conn.pid != 0 && conn.pid != getpid()) {
		/* a forked child: the parent's connection stays the parent's; a task child joins its step */
		if (conn.fd >= 0)
			close(conn.fd);
		conn.fd = -1;
		if (ctx != S_CTX_REMOTE || !conn.token[0]) {
			conn.pid = 0;
			conn.token[0] = '\0';
			conn.defined = 0;
		}
	}
	if (conn.broken)
		return unavailable(&c, cb, "it failed earlier in this process");
	/* spank.c calls a plugin only for what it defines: so does the bridge (a task child need not even attach) */
	if (conn.pid != 0 && cb != CB_INIT && !(conn.defined & 1u << cb))
		return 0;
	if (conn.fd < 0) {
		if (is_late(cb))
			return 0; /* nothing was opened: nothing to end */
		if (open_session(sp, ctx, &c, ac, av, conn.pid != 0, &why))
			return unavailable(&c, cb, why);
		opened = 1;
	}
	/*
	 * A new session's first CALL goes out right behind HELLO (or ATTACH), before the WELCOME is read:
	 * one wait for the runtime instead of two on the launch path. The daemon reads frames in order and
	 * answers a refused HELLO without reading further.
	 */
	build_call(&o, sp, ctx, cb);
	if (ps_out_end(&o)) {
		why = "request too large";
		return unavailable(&c, cb, why);
	}
	answered = 0;
	if (call(&c, &o, opened, &type, &body, &len, &why) && ctx == S_CTX_JOB_SCRIPT && opened && !answered && gone(why)) {
		/*
		 * The runtime went away in the middle (killed, restarting) before it said anything: a prolog's or
		 * epilog's callback is a session of its own, so it runs again on the runtime that comes back, for as
		 * long as connect_wait, rather than fail and drain the node. A dying runtime may still take a
		 * connection into its backlog and then reset it: that is one more try, not the end.
		 */
		struct timespec tenth = { 0, 100000000 };
		int tries = 0, max = 20; /* each try waits connect_wait for a runtime that is not there yet */
		do {
			close(conn.fd); /* first: nothing the old runtime still sends is read as the new one's */
			conn.fd = -1;
			conn.pid = 0;
			if (!tries++)
				slurm_info("plugstack: %s: the Plugstack runtime at %s: %s; trying again", callback_names[cb], conn.socket, why);
			nanosleep(&tenth, NULL);
			if (open_session(sp, ctx, &c, ac, av, 0, &why))
				return unavailable(&c, cb, why);
			build_call(&o, sp, ctx, cb); /* the first was freed once sent */
			if (ps_out_end(&o))
				return unavailable(&c, cb, "request too large");
			answered = 0;
		} while (call(&c, &o, 1, &type, &body, &len, &why) && !answered && gone(why) && tries < max);
		if (why)
			return unavailable(&c, cb, why);
	} else if (why) {
		return unavailable(&c, cb, why);
	}
	if (type != PS_DONE || ps_done_decode(body, len, &d)) {
		free(body);
		return unavailable(&c, cb, "malformed answer (DONE expected)");
	}
	free(body);
	apply(sp, ctx, cb, &d);
	len = (uint32_t)d.rc;
	ps_done_free(&d);
	return (int32_t)len;
}

/* Slurm processed a Java plugin's option: its callback runs in the runtime; its rc decides. */
static int opt_cb(int val, const char *optarg, int remote)
{
	struct conf c = last_conf;
	struct ps_out o;
	struct ps_option_rc r;
	uint8_t type;
	unsigned char *body = NULL;
	uint32_t len;
	const char *why = NULL;
	int32_t rc = -1;
	uint32_t i;

	if (conn.fd < 0 || conn.pid != getpid()) {
		slurm_error("plugstack: option callback: no session with the Plugstack runtime");
		return -1;
	}
	ps_out_begin(&o, PS_OPTION, PS_MAX_FRAME);
	ps_out_u32(&o, (uint32_t)val);
	ps_out_str(&o, optarg);
	ps_out_u32(&o, remote ? 1 : 0);
	if (exchange(&c, &o, &type, &body, &len, &why)) {
		slurm_error("plugstack: option callback: the Plugstack runtime at %s: %s", conn.socket, why);
		close(conn.fd);
		conn.fd = -1;
		conn.broken = 1;
		return -1;
	}
	if (type == PS_OPTION_RC && !ps_option_rc_decode(body, len, &r)) {
		for (i = 0; i < r.nlogs; i++)
			log_line(r.logs[i].level, r.logs[i].text);
		rc = r.rc;
		ps_option_rc_free(&r);
	} else {
		slurm_error("plugstack: option callback: malformed answer from the Plugstack runtime");
	}
	free(body);
	return rc;
}

int slurm_spank_init(spank_t sp, int ac, char **av)
{
#ifdef HAVE_INIT_FAILURE_MODE
	slurm_spank_init_failure_mode = 0; /* set by init's DONE when the Java plugin chose a mode */
	int rc = forward(sp, CB_INIT, ac, av);
	if (!slurm_spank_init_failure_mode)
		slurm_spank_init_failure_mode = rc;
	return rc;
#else
	return forward(sp, CB_INIT, ac, av);
#endif
}
int slurm_spank_init_post_opt(spank_t sp, int ac, char **av) { return forward(sp, CB_INIT_POST_OPT, ac, av); }
int slurm_spank_local_user_init(spank_t sp, int ac, char **av) { return forward(sp, CB_LOCAL_USER_INIT, ac, av); }
int slurm_spank_user_init(spank_t sp, int ac, char **av) { return forward(sp, CB_USER_INIT, ac, av); }
int slurm_spank_task_init_privileged(spank_t sp, int ac, char **av) { return forward(sp, CB_TASK_INIT_PRIVILEGED, ac, av); }
int slurm_spank_task_init(spank_t sp, int ac, char **av) { return forward(sp, CB_TASK_INIT, ac, av); }
int slurm_spank_task_post_fork(spank_t sp, int ac, char **av) { return forward(sp, CB_TASK_POST_FORK, ac, av); }
int slurm_spank_task_exit(spank_t sp, int ac, char **av) { return forward(sp, CB_TASK_EXIT, ac, av); }
int slurm_spank_slurmd_exit(spank_t sp, int ac, char **av) { return forward(sp, CB_SLURMD_EXIT, ac, av); }
int slurm_spank_exit(spank_t sp, int ac, char **av) { return forward(sp, CB_EXIT, ac, av); }

#ifndef PLUGSTACK_NO_JOB_SCRIPT
/*
 * Merely defining these makes slurmd spawn `slurmstepd spank prolog|epilog` for every job (about
 * +14 ms per job): plugstack_bridge_nojs.so leaves them out for sites with no job_script plugin.
 */
int slurm_spank_job_prolog(spank_t sp, int ac, char **av) { return forward(sp, CB_JOB_PROLOG, ac, av); }
int slurm_spank_job_epilog(spank_t sp, int ac, char **av) { return forward(sp, CB_JOB_EPILOG, ac, av); }
#endif
