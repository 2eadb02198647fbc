/*
 * bench_roundtrip: one forwarded SPANK callback's round trip as the bridge itself makes it, against a
 * running node daemon (issue 12's target: under 50 us median). It uses the bridge's own code: the
 * codec (wire.c), the connection with its deadlines (conn.c) and the DONE decoder (done.c).
 *
 *   bench_roundtrip [-r] SOCKET_DIR [calls [warmup]]   (defaults: 20000 calls after 20000 warm-up)
 *   bench_roundtrip -e[CPU] [calls [warmup]]
 *
 * Without -r it is srun's bridge: SOCKET_DIR/user.sock, HELLO in the local context, then CALLs of
 * slurm_spank_local_user_init (srun's user_init). With -r (root only) it is slurmstepd's bridge:
 * SOCKET_DIR/root.sock, HELLO in the remote context, then CALLs of slurm_spank_user_init. Every CALL
 * carries 6 items (the client's uid and gid, job 4242, step 0, 1 local and 1 total task) and a
 * 30-variable environment, as the Java client of `benchmarks/run bridge` does, and awaits its DONE.
 * Each timed call builds its CALL frame, sends it, reads the DONE and decodes it whole
 * (ps_done_decode), as the bridge's forward() does; only applying the answer (setenv, logging) is
 * left out. Prints the median, p10 and p90 in microseconds of the calls after the warm-up, and what
 * the first DONE carried (the plugins' env changes and log lines), so a stack that did nothing or
 * failed is seen. Exits non-zero when a call fails (rc != 0).
 *
 * -e is the floor under those figures: the same client, the same frames, but the peer is a forked C
 * process on a socketpair that reads each CALL with the bridge's ps_recv and answers an empty DONE.
 * What the daemon adds is the difference. -eN pins the peer to CPU N (the client's CPU is set from
 * outside, by taskset): on a VM the floor itself depends on whether both ends share one CPU or each
 * message has to wake the other one.
 */
#define _GNU_SOURCE /* sched_setaffinity, for -eN */
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "conn.h"
#include "done.h"
#include "wire.h"

#define TIMEOUT_MS 10000
#define CB_LOCAL_USER_INIT 3 /* PROTOCOL.md: slurm_spank_local_user_init */
#define CB_USER_INIT 4       /* PROTOCOL.md: slurm_spank_user_init */
#define CTX_LOCAL 1          /* spank.h: S_CTX_LOCAL */
#define CTX_REMOTE 2         /* spank.h: S_CTX_REMOTE */
#define NVARS 30

static double now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The same rank as benchmarks' Stats.percentile: round(p/100 * (n-1)) of the sorted samples. */
static double percentile(const double *sorted, long n, double p)
{
	return sorted[(long)(p / 100.0 * (double)(n - 1) + 0.5)];
}

static int fail(const char *what, const char *why)
{
	fprintf(stderr, "bench_roundtrip: %s: %s\n", what, why);
	return 1;
}

/* CALL of (local_)user_init: what build_call() in plugstack_bridge.c sends for a job of one task. */
static void build_call(struct ps_out *o, uint32_t callback, char **env)
{
	static const struct { uint32_t item; int64_t value; } fixed[] = {
		{ 2, 4242 }, /* S_JOB_ID */
		{ 3, 0 },    /* S_JOB_STEPID */
		{ 6, 1 },    /* S_JOB_LOCAL_TASK_COUNT */
		{ 7, 1 },    /* S_JOB_TOTAL_TASK_COUNT */
	};
	size_t i;
	ps_out_begin(o, PS_CALL, PS_MAX_FRAME);
	ps_out_u32(o, callback);
	ps_out_u32(o, 2 + sizeof(fixed) / sizeof(fixed[0]));
	ps_out_u32(o, 0); /* S_JOB_UID */
	ps_out_u32(o, 0);
	ps_out_i64(o, (int64_t)getuid());
	ps_out_u32(o, 1); /* S_JOB_GID */
	ps_out_u32(o, 0);
	ps_out_i64(o, (int64_t)getgid());
	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
		ps_out_u32(o, fixed[i].item);
		ps_out_u32(o, 0);
		ps_out_i64(o, fixed[i].value);
	}
	ps_out_u32(o, NVARS);
	for (i = 0; i < NVARS; i++)
		ps_out_str(o, env[i]);
}

/* One CALL -> DONE exchange: 0 with *d decoded (free it), or -1 with *why. */
static int round_trip(int fd, uint32_t callback, char **env, struct ps_done *d, const char **why)
{
	struct ps_out o;
	uint8_t type;
	unsigned char *body = NULL;
	uint32_t len;
	build_call(&o, callback, env);
	if (ps_out_end(&o)) {
		*why = "CALL too large";
		return -1;
	}
	if (ps_send(fd, &o, TIMEOUT_MS, why) || ps_recv(fd, PS_MAX_FRAME, TIMEOUT_MS, &type, &body, &len, why))
		return -1;
	if (type != PS_DONE || ps_done_decode(body, len, d)) {
		free(body);
		*why = "malformed answer (DONE expected)";
		return -1;
	}
	free(body);
	return 0;
}

static int hello(int fd, uint32_t context, const char **why)
{
	struct ps_out o;
	struct ps_in in;
	uint8_t type;
	unsigned char *body = NULL;
	uint32_t len;
	char *token;
	ps_out_begin(&o, PS_HELLO, PS_MAX_FRAME);
	ps_out_u32(&o, PS_PROTOCOL);
	ps_out_u32(&o, context);
	ps_out_str(&o, "22.05.8");
	ps_out_u32(&o, (uint32_t)getpid());
	ps_out_u32(&o, 0); /* no arguments beyond the bridge's own */
	ps_out_str(&o, NULL); /* a job that carries no versions */
	/* the caller's process, as the bridge sends it: srun's (local) working directory and no environment; none in slurmstepd */
	ps_out_str(&o, context == CTX_LOCAL ? "/" : NULL);
	ps_out_u32(&o, 0);
	if (ps_out_end(&o)) {
		*why = "HELLO too large";
		return -1;
	}
	if (ps_send(fd, &o, TIMEOUT_MS, why) || ps_recv(fd, PS_MAX_FRAME, TIMEOUT_MS, &type, &body, &len, why))
		return -1;
	ps_in_init(&in, body, len);
	if (type != PS_WELCOME || ps_in_u32(&in) != PS_PROTOCOL) {
		free(body);
		*why = type == PS_REFUSE ? "refused" : "unexpected answer to HELLO";
		return -1;
	}
	token = ps_in_str(&in);
	free(token);
	free(body);
	if (in.failed) {
		*why = "malformed WELCOME";
		return -1;
	}
	return 0;
}

/* -e: answers every frame on fd with an empty DONE (rc 0, nothing to apply) until the client closes. */
static void echo_peer(int fd)
{
	struct ps_out o;
	uint8_t type;
	unsigned char *body;
	uint32_t len;
	const char *why;
	int i;
	while (!ps_recv(fd, PS_MAX_FRAME, TIMEOUT_MS, &type, &body, &len, &why)) {
		free(body);
		ps_out_begin(&o, PS_DONE, PS_MAX_FRAME);
		for (i = 0; i < 7; i++) /* rc, init_failure_mode, 5 empty lists */
			ps_out_u32(&o, 0);
		if (ps_out_end(&o) || ps_send(fd, &o, TIMEOUT_MS, &why))
			break;
	}
	close(fd);
	_exit(0);
}

int main(int argc, char **argv)
{
	char socket[512], *env[NVARS], buf[NVARS][48];
	int remote = argc > 1 && !strcmp(argv[1], "-r");
	int echo = argc > 1 && !strncmp(argv[1], "-e", 2);
	int echo_cpu = echo && argv[1][2] ? atoi(argv[1] + 2) : -1;
	int pair[2];
	pid_t child = -1;
	long calls, warmup, i;
	uint32_t callback = remote ? CB_USER_INIT : CB_LOCAL_USER_INIT;
	double *us, t0, t1;
	const char *why = NULL;
	struct ps_done d;
	uint32_t k;
	long lines = 0, changes = 0;
	int fd;

	argc -= remote;
	argv += remote;
	if (echo) { /* no socket directory: argv[1] stands in for it */
		argv[1] = "-e";
		argc = argc > 1 ? argc : 2;
	}
	calls = argc > 2 ? atol(argv[2]) : 20000;
	warmup = argc > 3 ? atol(argv[3]) : 20000;
	if (argc < 2 || calls < 1 || warmup < 0) {
		fprintf(stderr, "usage: bench_roundtrip [-r] SOCKET_DIR [calls [warmup]] | bench_roundtrip -e [calls [warmup]]\n");
		return 2;
	}
	snprintf(socket, sizeof(socket), "%s/%s", argv[1], remote ? "root.sock" : "user.sock");
	for (i = 0; i < NVARS; i++) {
		snprintf(buf[i], sizeof(buf[i]), "VARIABLE_%ld=value of variable %ld", i, i);
		env[i] = buf[i];
	}
	us = malloc((size_t)calls * sizeof(*us));
	if (!us)
		return fail("memory", "out of memory");
	if (echo) {
		if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair))
			return fail("socketpair", strerror(errno));
		child = fork();
		if (child < 0)
			return fail("fork", strerror(errno));
		if (child == 0) {
			close(pair[0]);
			if (echo_cpu >= 0) {
				cpu_set_t set;
				CPU_ZERO(&set);
				CPU_SET(echo_cpu, &set);
				if (sched_setaffinity(0, sizeof(set), &set))
					_exit(fail("sched_setaffinity", strerror(errno)));
			}
			echo_peer(pair[1]);
		}
		close(pair[1]);
		fd = pair[0];
	} else {
		fd = ps_connect(socket, &why);
		if (fd < 0 || hello(fd, remote ? CTX_REMOTE : CTX_LOCAL, &why))
			return fail(socket, why);
	}

	for (i = -warmup; i < calls; i++) { /* the first warmup calls are not kept */
		t0 = now_us();
		if (round_trip(fd, callback, env, &d, &why))
			return fail("call", why);
		t1 = now_us();
		if (i == -warmup && !echo) {
			printf("first DONE: rc %d, %u env change(s)", d.rc, d.nenv);
			for (k = 0; k < d.nenv; k++)
				printf(" %s=%s", d.env[k].name, d.env[k].value ? d.env[k].value : "(unset)");
			printf(", %u log line(s)\n", d.nlogs);
			for (k = 0; k < d.nlogs; k++)
				printf("  log: %s\n", d.logs[k].text);
		}
		if (d.rc != 0) {
			fprintf(stderr, "bench_roundtrip: call %ld: rc %d\n", i, d.rc);
			ps_done_free(&d);
			return 1;
		}
		if (i >= 0) {
			us[i] = t1 - t0;
			lines += d.nlogs;
			changes += d.nenv;
		}
		ps_done_free(&d);
	}
	close(fd);
	if (child > 0)
		waitpid(child, NULL, 0);
	qsort(us, (size_t)calls, sizeof(*us), by_value);
	printf("bridge round trip, C client (the bridge's codec and connection): %s\n"
	       "  median %.1f us   p10 %.1f   p90 %.1f   min %.1f   max %.1f   (n=%ld after %ld warm-up)%s\n",
	       echo ? "the floor: the same CALL -> an empty DONE from a forked C peer on a socketpair"
	       : remote ? "user_init CALL -> DONE over root.sock, remote context (slurmstepd)"
			: "local_user_init CALL -> DONE over user.sock, local context (srun)",
	       calls % 2 ? us[calls / 2] : (us[calls / 2 - 1] + us[calls / 2]) / 2, percentile(us, calls, 10),
	       percentile(us, calls, 90), us[0], us[calls - 1], calls, warmup, echo ? "" : "   target < 50 us");
	if (!echo)
		printf("  per timed DONE: %.2f env change(s), %.2f log line(s)\n", (double)changes / calls, (double)lines / calls);
	free(us);
	return 0;
}
