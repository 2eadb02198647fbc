/*
 * plugstack-run (the built binary, argv[1]) against a scripted monitor: this test listens on a Unix
 * socket in a temporary directory, starts plugstack-run with pipes for its stdin, stdout and stderr,
 * reads its request and STDIN frames and answers OUT/ERR/EXIT frames (or breaks the protocol), then
 * checks what reached the pipes and the exit status. Every wait has a time limit, so a relay that
 * deadlocks fails instead of hanging. Prints "run: N passed, N failed"; exits non-zero on a failure.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

static int passed, failed;

#define CHECK(cond, what) do { if (cond) passed++; else { failed++; fprintf(stderr, "FAIL %s: %s\n", what, #cond); } } while (0)

#define WAIT_MS 20000
#define USAGE "usage: plugstack-run SOCKET UID GID [--context] -- PROGRAM [ARG...], or plugstack-run --exec -- PROGRAM"

struct cap {
	char *data;
	size_t len;
};

/* One plugstack-run: its pid, our ends of its pipes (-1 once closed), the monitor's connection. */
struct run {
	pid_t pid, writer;
	int in, out, err, conn;
	struct cap o, e;
};

static char prog[8192]; /* absolute: it runs in dir */
static char dir[] = "/tmp/plugstack-run-test.XXXXXX";
static char sock[128], absent[128], cwd[4096];
static int lsock;
static unsigned char big[1 << 20]; /* static, so that a forked stdin writer frees nothing */

static void cap_add(struct cap *c, const char *p, size_t n)
{
	char *d = realloc(c->data, c->len + n + 1);
	if (!d) {
		perror("realloc");
		exit(2);
	}
	memcpy(d + c->len, p, n);
	c->len += n;
	d[c->len] = 0;
	c->data = d;
}

static int same(const char *what, const struct cap *c, const void *want, size_t len)
{
	int ok = c->len == len && (len == 0 || !memcmp(c->data, want, len));
	if (!ok)
		fprintf(stderr, "FAIL %s: %lu bytes, wanted %lu: %.200s\n", what, (unsigned long)c->len,
			(unsigned long)len, c->data ? c->data : "");
	CHECK(ok, what);
	return ok;
}

/* Moves what plugstack-run wrote to its stdout/stderr into r->o/r->e; closes a pipe at its EOF. */
static void drain(struct run *r, const struct pollfd *p)
{
	char b[8192];
	int i;
	for (i = 0; i < 2; i++) {
		int *fd = i ? &r->err : &r->out;
		ssize_t n;
		if (*fd < 0 || !(p[i].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		if ((n = read(*fd, b, sizeof(b))) > 0) {
			cap_add(i ? &r->e : &r->o, b, (size_t)n);
		} else if (n == 0 || errno != EINTR) {
			close(*fd);
			*fd = -1;
		}
	}
}

/* Writes w and reads r into rb on the connection while draining stdout/stderr. -1: EOF, error, timeout. */
static int pump(struct run *r, const void *w, size_t wlen, void *rb, size_t rlen)
{
	while ((wlen > 0 || rlen > 0) && r->conn >= 0) {
		struct pollfd p[3] = { { 0, POLLIN, 0 }, { 0, POLLIN, 0 }, { 0, 0, 0 } };
		ssize_t n;
		p[0].fd = r->out;
		p[1].fd = r->err;
		p[2].fd = r->conn;
		p[2].events = (short)((wlen ? POLLOUT : 0) | (rlen ? POLLIN : 0));
		if (poll(p, 3, WAIT_MS) <= 0) { /* hang up: the rest of this run fails at once */
			fprintf(stderr, "pump: %s\n", errno == EINTR ? "interrupted" : "timed out");
			close(r->conn);
			r->conn = -1;
		}
		drain(r, p);
		if (wlen && (p[2].revents & (POLLOUT | POLLERR | POLLHUP))) {
			if ((n = write(r->conn, w, wlen)) < 0 && errno != EAGAIN)
				return -1;
			if (n > 0)
				w = (const char *)w + n, wlen -= (size_t)n;
		} else if (rlen && (p[2].revents & (POLLIN | POLLERR | POLLHUP))) {
			if ((n = read(r->conn, rb, rlen)) == 0 || (n < 0 && errno != EAGAIN))
				return -1;
			if (n > 0)
				rb = (char *)rb + n, rlen -= (size_t)n;
		}
	}
	return wlen > 0 || rlen > 0 ? -1 : 0;
}

static void put_u32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/* A frame's header: type, then a length (or EXIT's code). */
static int send_head(struct run *r, int type, uint32_t len)
{
	unsigned char h[5];
	h[0] = (unsigned char)type;
	put_u32(h + 1, len);
	return pump(r, h, 5, NULL, 0);
}

static int send_frame(struct run *r, int type, const void *data, size_t len)
{
	return send_head(r, type, (uint32_t)len) < 0 ? -1 : pump(r, data, len, NULL, 0);
}

static uint32_t get_u32(struct run *r, int *ok)
{
	unsigned char b[4];
	if (pump(r, NULL, 0, b, 4) < 0) {
		*ok = 0;
		return 0;
	}
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/* A string of the request, NUL-terminated (to free); NULL on a bad one. */
static char *get_str(struct run *r, int *ok)
{
	uint32_t len = get_u32(r, ok);
	char *s;
	if (!*ok || len > 16777216 || !(s = malloc(len + 1)))
		return *ok = 0, NULL;
	if (pump(r, NULL, 0, s, len) < 0) {
		free(s);
		return *ok = 0, NULL;
	}
	s[len] = 0;
	return s;
}

/* Starts plugstack-run with args (argv[0] is added); no_stdin: it starts with fd 0 closed. */
static void start(struct run *r, const char **args, int no_stdin)
{
	static char *env[] = { "PLUGSTACK_RUN_TEST=a=b c", "NO_EQUALS_SIGN", "PATH=/usr/bin:/bin", NULL };
	char *argv[16];
	int in[2], out[2], err[2], i;
	memset(r, 0, sizeof(*r));
	r->conn = r->writer = -1;
	argv[0] = prog;
	for (i = 0; args[i] && i < 14; i++)
		argv[i + 1] = (char *)args[i];
	argv[i + 1] = NULL;
	if (pipe(in) < 0 || pipe(out) < 0 || pipe(err) < 0 || (r->pid = fork()) < 0) {
		perror("start");
		exit(2);
	}
	if (r->pid == 0) {
		if (no_stdin)
			close(0);
		else
			dup2(in[0], 0);
		dup2(out[1], 1);
		dup2(err[1], 2);
		for (i = 0; i < 2; i++)
			close(in[i]), close(out[i]), close(err[i]);
		if (chdir(dir) == 0)
			execve(prog, argv, env);
		_exit(120);
	}
	close(in[0]), close(out[1]), close(err[1]);
	r->in = in[1], r->out = out[0], r->err = err[0];
	if (no_stdin)
		close(r->in), r->in = -1;
}

/* Its stdin gets data, then EOF, from a forked writer (which blocks as long as plugstack-run does). */
static void feed(struct run *r, const void *data, size_t len)
{
	if ((r->writer = fork()) == 0) {
		const char *p = data;
		close(r->out), close(r->err), close(r->conn);
		while (len > 0) {
			ssize_t n = write(r->in, p, len);
			if (n < 0 && errno != EINTR)
				_exit(1);
			if (n > 0)
				p += n, len -= (size_t)n;
		}
		_exit(0);
	}
	close(r->in);
	r->in = -1;
}

static int accept_conn(struct run *r)
{
	struct pollfd p = { 0, POLLIN, 0 };
	p.fd = lsock;
	if (poll(&p, 1, WAIT_MS) != 1 || (r->conn = accept(lsock, NULL, NULL)) < 0)
		return -1;
	return fcntl(r->conn, F_SETFL, O_NONBLOCK);
}

/*
 * Reads the request and checks it: "run-as", UID, GID, PROGRAM, ARGs, the environment, the workdir.
 * env NULL: the caller's own environment (start()'s: entries without '=' left out); else exactly
 * these NAME=value entries, in order.
 */
static void check_request(struct run *r, const char *what, const char **want, const char **env, const char *workdir)
{
	int ok = 1, found = 0, stray = 0, same_env = 1;
	uint32_t n, m, i;
	char *s = get_str(r, &ok);
	CHECK(ok && !strcmp(s, "run-as"), what);
	free(s);
	n = get_u32(r, &ok);
	for (i = 0; ok && i < n; i++) {
		s = get_str(r, &ok);
		CHECK(ok && want[i] && !strcmp(s, want[i]), what);
		free(s);
	}
	CHECK(ok && !want[n], what);
	m = get_u32(r, &ok);
	for (i = 0; ok && i < m; i++) {
		char *name = get_str(r, &ok), *value = ok ? get_str(r, &ok) : NULL;
		if (ok && !strcmp(name, "PLUGSTACK_RUN_TEST"))
			found += !strcmp(value, "a=b c");
		if (ok && strstr(name, "NO_EQUALS_SIGN"))
			stray++;
		if (ok && env) {
			const char *e = env[i];
			size_t len = strlen(name);
			same_env &= e && !strncmp(e, name, len) && e[len] == '=' && !strcmp(e + len + 1, value);
		}
		free(name);
		free(value);
	}
	if (env)
		CHECK(ok && same_env && !env[m], what);
	else
		CHECK(ok && found == 1 && stray == 0, what);
	s = get_str(r, &ok);
	CHECK(ok && !strcmp(s, workdir), what);
	free(s);
}

/* Reads STDIN frames up to the EOF frame; they must hold exactly want, in chunks of at most 64 KiB. */
static void check_stdin(struct run *r, const char *what, const unsigned char *want, size_t len)
{
	static unsigned char got[sizeof(big) + 65536];
	size_t total = 0;
	int ok = 1;
	for (;;) {
		unsigned char t;
		uint32_t n;
		if (pump(r, NULL, 0, &t, 1) < 0 || t != 4)
			break;
		n = get_u32(r, &ok);
		if (!ok || n > 65536 || total + n > sizeof(got) || pump(r, NULL, 0, got + total, n) < 0)
			break;
		total += n;
		if (n == 0) {
			CHECK(total == len && !memcmp(got, want, len), what);
			return;
		}
	}
	failed++;
	fprintf(stderr, "FAIL %s: no whole stdin and EOF frame (%lu bytes came)\n", what, (unsigned long)total);
}

/* Closes our ends, collects the rest of stdout/stderr, and returns the exit status (-1: killed). */
static int finish(struct run *r)
{
	int status = -1;
	if (r->conn >= 0)
		close(r->conn);
	if (r->in >= 0)
		close(r->in);
	while (r->out >= 0 || r->err >= 0) {
		struct pollfd p[2] = { { 0, POLLIN, 0 }, { 0, POLLIN, 0 } };
		p[0].fd = r->out;
		p[1].fd = r->err;
		if (poll(p, 2, WAIT_MS) <= 0) {
			fprintf(stderr, "finish: timed out\n");
			kill(r->pid, SIGKILL);
			break;
		}
		drain(r, p);
	}
	if (r->out >= 0)
		close(r->out);
	if (r->err >= 0)
		close(r->err);
	if (r->writer > 0)
		waitpid(r->writer, NULL, 0);
	if (waitpid(r->pid, &status, 0) < 0 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static void done(struct run *r)
{
	free(r->o.data);
	free(r->e.data);
}

/* The request, stdin relayed then ended, OUT and ERR (one over 64 KiB) byte for byte, exit 0. */
static void relays(void)
{
	const char *args[] = { sock, "1234", "5678", "--", "/bin/echo", "a b", "", "\xc3\xbc", NULL };
	const char *want[] = { "1234", "5678", "/bin/echo", "a b", "", "\xc3\xbc", NULL };
	struct cap out = { NULL, 0 };
	struct run r;
	start(&r, args, 0);
	feed(&r, big, 150000);
	CHECK(accept_conn(&r) == 0, "relays: connects");
	check_request(&r, "relays: request", want, NULL, "");
	check_stdin(&r, "relays: stdin", big, 150000);
	CHECK(send_frame(&r, 1, "out1", 4) == 0 && send_frame(&r, 2, "err1\n", 5) == 0, "relays: frames");
	CHECK(send_frame(&r, 1, big + 7, 100000) == 0 && send_head(&r, 3, 0) == 0, "relays: big frame");
	CHECK(finish(&r) == 0, "relays: exit 0");
	cap_add(&out, "out1", 4);
	cap_add(&out, (const char *)big + 7, 100000);
	same("relays: stdout", &r.o, out.data, out.len);
	same("relays: stderr", &r.e, "err1\n", 5);
	free(out.data);
	done(&r);
}

/* EXIT's code as the exit status: 0..255 as is, anything else 255. */
static void exits(uint32_t code, int want)
{
	const char *args[] = { sock, "0", "0", "--", "/bin/true", NULL };
	char what[64];
	struct run r;
	snprintf(what, sizeof(what), "exit %ld", (long)(int32_t)code);
	start(&r, args, 0);
	CHECK(accept_conn(&r) == 0 && send_head(&r, 3, code) == 0, what);
	CHECK(finish(&r) == want, what);
	same(what, &r.o, "", 0);
	done(&r);
}

/* A monitor that sends these bytes and hangs up: exit 127, out on stdout, want ends the message. */
static void broken(const char *what, const void *bytes, size_t len, const char *out, const char *want)
{
	const char *args[] = { sock, "1", "1", "--", "/bin/cat", NULL };
	char msg[256];
	struct run r;
	start(&r, args, 0);
	CHECK(accept_conn(&r) == 0 && pump(&r, bytes, len, NULL, 0) == 0, what);
	CHECK(finish(&r) == 127, what);
	snprintf(msg, sizeof(msg), "plugstack-run: monitor at %s: %s\n", sock, want);
	same(what, &r.e, msg, strlen(msg));
	same(what, &r.o, out, strlen(out));
	done(&r);
}

static void refused(void)
{
	const char *args[] = { sock, "1", "1", "--", "/bin/true", NULL };
	const char *line = "plugstack: uid 1 has no session on this node\n";
	struct run r;
	start(&r, args, 0);
	CHECK(accept_conn(&r) == 0 && send_frame(&r, 2, line, strlen(line)) == 0 && send_head(&r, 3, 126) == 0, "refused");
	CHECK(finish(&r) == 126, "refused: exit 126");
	same("refused: stderr", &r.e, line, strlen(line));
	same("refused: stdout", &r.o, "", 0);
	done(&r);
}

/* Without a monitor or with bad arguments it exits at once: 127 or 2, and says why. */
static void alone(const char *what, const char **args, int want, const char *msg)
{
	struct run r;
	start(&r, args, 0);
	CHECK(finish(&r) == want, what);
	CHECK(r.e.data && !strncmp(r.e.data, msg, strlen(msg)) && r.e.data[r.e.len - 1] == '\n', what);
	done(&r);
}

/* The caller closed its stdout: output is dropped, frames are still read up to EXIT. */
static void stdout_closed(void)
{
	const char *args[] = { sock, "1", "1", "--", "/bin/cat", NULL };
	struct run r;
	start(&r, args, 0);
	close(r.out);
	r.out = -1;
	CHECK(accept_conn(&r) == 0 && send_frame(&r, 1, big, 200000) == 0, "stdout closed: frames");
	CHECK(send_frame(&r, 2, "after\n", 6) == 0 && send_head(&r, 3, 5) == 0, "stdout closed: frames");
	CHECK(finish(&r) == 5, "stdout closed: exit 5");
	same("stdout closed: stderr", &r.e, "after\n", 6);
	done(&r);
}

/* Started with fd 0 closed: the command's stdin is empty (the EOF frame at once). */
static void no_stdin(void)
{
	const char *args[] = { sock, "1", "1", "--", "/bin/cat", NULL };
	const char *want[] = { "1", "1", "/bin/cat", NULL };
	struct run r;
	start(&r, args, 1);
	CHECK(accept_conn(&r) == 0, "no stdin: connects");
	check_request(&r, "no stdin: request", want, NULL, "");
	check_stdin(&r, "no stdin: EOF frame", big, 0);
	CHECK(send_head(&r, 3, 0) == 0 && finish(&r) == 0, "no stdin: exit 0");
	done(&r);
}

/* A monitor that writes 1 MiB of output before it reads any input (a command like cat, whose
 * output fills while its input waits) still gets all of both: plugstack-run never blocks sending. */
static void no_deadlock(void)
{
	const char *args[] = { sock, "1", "1", "--", "/bin/cat", NULL };
	const char *want[] = { "1", "1", "/bin/cat", NULL };
	struct run r;
	int i;
	start(&r, args, 0);
	feed(&r, big, sizeof(big));
	CHECK(accept_conn(&r) == 0, "no deadlock: connects");
	for (i = 0; i < 16; i++)
		CHECK(send_frame(&r, 1, big + i * 65536, 65536) == 0, "no deadlock: output first");
	check_request(&r, "no deadlock: request", want, NULL, "");
	check_stdin(&r, "no deadlock: stdin", big, sizeof(big));
	CHECK(send_head(&r, 3, 0) == 0 && finish(&r) == 0, "no deadlock: exit 0");
	same("no deadlock: stdout", &r.o, big, sizeof(big));
	done(&r);
}

/* ---- the user's process: --context and --exec ---- */

static size_t put_string(unsigned char *b, const char *s)
{
	size_t len = strlen(s);
	put_u32(b, (uint32_t)len);
	memcpy(b + 4, s, len);
	return 4 + len;
}

/* A context block into b (room enough: the tests' blocks are small): workdir, then env's entries. */
static size_t make_block(unsigned char *b, const char *workdir, const char **env)
{
	size_t len = put_string(b, workdir);
	uint32_t m = 0;
	while (env[m])
		m++;
	put_u32(b + len, m);
	len += 4;
	for (m = 0; env[m]; m++)
		len += put_string(b + len, env[m]);
	return len;
}

static void no_context_sends_an_empty_workdir(void)
{
	const char *args[] = { sock, "1", "1", "--", "/bin/true", NULL };
	const char *want[] = { "1", "1", "/bin/true", NULL };
	struct run r;
	start(&r, args, 0);
	feed(&r, "", 0);
	CHECK(accept_conn(&r) == 0, "no --context: connects");
	check_request(&r, "no --context: the caller's environment, an empty workdir", want, NULL, "");
	check_stdin(&r, "no --context: stdin", big, 0);
	CHECK(send_head(&r, 3, 0) == 0 && finish(&r) == 0, "no --context: exit 0");
	done(&r);
}

static const char *user_env[] = { "HOME=/home/u", "NO_EQUALS", "A=b=c", "EMPTY=", NULL };
static const char *user_env_sent[] = { "HOME=/home/u", "A=b=c", "EMPTY=", NULL };

/* The block's workdir and entries (split at their first '=', those without left out) in the request. */
static void context_sends_the_blocks_workdir_and_environment(void)
{
	const char *args[] = { sock, "1000", "1000", "--context", "--", "/bin/cat", "x", NULL };
	const char *want[] = { "1000", "1000", "/bin/cat", "x", NULL };
	unsigned char b[256];
	struct run r;
	start(&r, args, 0);
	feed(&r, b, make_block(b, "/home/u/run", user_env));
	CHECK(accept_conn(&r) == 0, "--context: connects");
	check_request(&r, "--context: the block's workdir and environment", want, user_env_sent, "/home/u/run");
	check_stdin(&r, "--context: stdin after the block (none)", big, 0);
	CHECK(send_head(&r, 3, 0) == 0 && finish(&r) == 0, "--context: exit 0");
	done(&r);
}

/* What follows the block on stdin is the command's: relayed whole, not one byte eaten or lost. */
static void context_relays_the_stdin_after_the_block(void)
{
	static unsigned char input[256 + 150000];
	const char *args[] = { sock, "1", "1", "--context", "--", "/bin/cat", NULL };
	const char *want[] = { "1", "1", "/bin/cat", NULL };
	struct run r;
	size_t len = make_block(input, "/home/u/run", user_env);
	memcpy(input + len, big, 150000);
	start(&r, args, 0);
	feed(&r, input, len + 150000);
	CHECK(accept_conn(&r) == 0, "--context stdin: connects");
	check_request(&r, "--context stdin: request", want, user_env_sent, "/home/u/run");
	check_stdin(&r, "--context: the stdin after the block relayed whole", big, 150000);
	CHECK(send_head(&r, 3, 0) == 0 && finish(&r) == 0, "--context stdin: exit 0");
	done(&r);
}

/* A malformed block is a usage error, before anything connects. */
static void malformed_context_block_exits_2_unconnected(void)
{
	const char *args[] = { sock, "1", "1", "--context", "--", "/bin/cat", NULL };
	const char *msg = "plugstack-run: context block: empty workdir\n";
	struct pollfd p = { 0, POLLIN, 0 };
	struct run r;
	start(&r, args, 0);
	feed(&r, "\0\0\0\0\0\0\0\0", 8);
	CHECK(finish(&r) == 2, "--context, malformed block: exit 2");
	same("--context, malformed block: stderr", &r.e, msg, strlen(msg));
	p.fd = lsock;
	CHECK(poll(&p, 1, 0) == 0, "--context, malformed block: no connection");
	done(&r);
}

/* plugstack-run --exec -- args... with this stdin: its exit status, r's stdout and stderr captured. */
static int exec_with(struct run *r, const char **args, const void *input, size_t len)
{
	const char *argv[12] = { "--exec", "--" };
	int i;
	for (i = 0; args[i] && i < 9; i++)
		argv[i + 2] = args[i];
	argv[i + 2] = NULL;
	start(r, argv, 0);
	feed(r, input, len);
	return finish(r);
}

static char workdir[4200], absent_dir[4200];

static void exec_runs_in_the_blocks_directory(void)
{
	const char *args[] = { "/bin/pwd", NULL };
	const char *env[] = { NULL };
	char want[4300];
	unsigned char b[4400];
	struct run r;
	CHECK(exec_with(&r, args, b, make_block(b, workdir, env)) == 0, "--exec: in the block's directory: exit 0");
	snprintf(want, sizeof(want), "%s\n", workdir);
	same("--exec: runs in the block's directory", &r.o, want, strlen(want));
	same("--exec: in the block's directory: stderr", &r.e, "", 0);
	done(&r);
}

static void exec_gives_exactly_the_blocks_environment(void)
{
	const char *args[] = { "/usr/bin/env", NULL };
	const char *env[] = { "A=1", "B=x y", "PATH=/nonexistent", "EMPTY=", NULL };
	const char *want = "A=1\nB=x y\nPATH=/nonexistent\nEMPTY=\n";
	unsigned char b[256];
	struct run r;
	CHECK(exec_with(&r, args, b, make_block(b, "/", env)) == 0, "--exec: environment: exit 0");
	same("--exec: exactly the block's environment", &r.o, want, strlen(want));
	done(&r);
}

/* PROGRAM is searched in the block's PATH, never the caller's (start()'s has /usr/bin), else in the default. */
static void exec_searches_the_blocks_path(void)
{
	const char *args[] = { "env", NULL };
	const char *in_path[] = { "PATH=/nonexistent:/usr/bin", NULL };
	const char *not_in_path[] = { "PATH=/nonexistent", NULL };
	const char *no_path[] = { "X=1", NULL };
	const char *missing = "plugstack-run: env: No such file or directory\n";
	unsigned char b[256];
	struct run r;
	CHECK(exec_with(&r, args, b, make_block(b, "/", in_path)) == 0, "--exec: found in the block's PATH");
	same("--exec: found in the block's PATH: stdout", &r.o, "PATH=/nonexistent:/usr/bin\n", 27);
	done(&r);
	CHECK(exec_with(&r, args, b, make_block(b, "/", not_in_path)) == 127, "--exec: not in the block's PATH: 127");
	same("--exec: not in the block's PATH: stderr", &r.e, missing, strlen(missing));
	done(&r);
	CHECK(exec_with(&r, args, b, make_block(b, "/", no_path)) == 0, "--exec: no PATH: the default path");
	same("--exec: no PATH: stdout", &r.o, "X=1\n", 4);
	done(&r);
}

static void exec_falls_back_to_root(void)
{
	const char *args[] = { "/bin/pwd", NULL };
	const char *env[] = { NULL };
	char msg[4400];
	unsigned char b[4400];
	struct run r;
	CHECK(exec_with(&r, args, b, make_block(b, absent_dir, env)) == 0, "--exec: no such directory: exit 0");
	snprintf(msg, sizeof(msg), "plugstack-run: cannot change directory to %s: %s; running in /\n", absent_dir,
		 strerror(ENOENT));
	same("--exec: no such directory: the line", &r.e, msg, strlen(msg));
	same("--exec: no such directory: runs in /", &r.o, "/\n", 2);
	done(&r);
}

static void exec_missing_program_exits_127(void)
{
	const char *args[] = { "/nonexistent/program", "x", NULL };
	const char *env[] = { NULL };
	const char *msg = "plugstack-run: /nonexistent/program: No such file or directory\n";
	unsigned char b[64];
	struct run r;
	CHECK(exec_with(&r, args, b, make_block(b, "/", env)) == 127, "--exec: missing program: 127");
	same("--exec: missing program: stderr", &r.e, msg, strlen(msg));
	done(&r);
}

static void exec_unrunnable_program_exits_126(void)
{
	const char *args[] = { workdir, NULL }; /* a directory */
	const char *env[] = { NULL };
	char msg[4400];
	unsigned char b[64];
	struct run r;
	CHECK(exec_with(&r, args, b, make_block(b, "/", env)) == 126, "--exec: a directory as program: 126");
	snprintf(msg, sizeof(msg), "plugstack-run: %s: %s\n", workdir, strerror(EACCES));
	same("--exec: a directory as program: stderr", &r.e, msg, strlen(msg));
	done(&r);
}

/* As execvp does (and so setpriv did): an executable file with no #! line runs through /bin/sh. */
static void exec_runs_a_file_of_no_format_through_sh(void)
{
	char script[4300];
	const char *args[] = { script, "arg1", NULL };
	const char *env[] = { "PATH=/usr/bin:/bin", NULL };
	unsigned char b[64];
	struct run r;
	FILE *f;
	snprintf(script, sizeof(script), "%s/script", workdir);
	if (!(f = fopen(script, "w")) || fputs("echo \"from sh: $1\"\n", f) < 0 || fclose(f) || chmod(script, 0755)) {
		perror(script);
		failed++;
		return;
	}
	CHECK(exec_with(&r, args, b, make_block(b, "/", env)) == 0, "--exec: no #! line: exit 0");
	same("--exec: no #! line: through /bin/sh", &r.o, "from sh: arg1\n", 14);
	done(&r);
	unlink(script);
}

static void exec_leaves_the_rest_of_stdin_to_the_command(void)
{
	static unsigned char input[256 + 150000];
	const char *args[] = { "/bin/cat", NULL };
	struct run r;
	size_t len = make_block(input, "/", user_env);
	memcpy(input + len, big, 150000);
	CHECK(exec_with(&r, args, input, len + 150000) == 0, "--exec: cat: exit 0");
	same("--exec: the stdin after the block is the command's", &r.o, big, 150000);
	done(&r);
}

/* Exit 2 with "plugstack-run: context block: <what>"; PROGRAM never runs. */
static void bad_block(const char *what, const void *input, size_t len, const char *why)
{
	const char *args[] = { "/bin/echo", "ran", NULL };
	char msg[256];
	struct run r;
	CHECK(exec_with(&r, args, input, len) == 2, what);
	snprintf(msg, sizeof(msg), "plugstack-run: context block: %s\n", why);
	same(what, &r.e, msg, strlen(msg));
	same(what, &r.o, "", 0);
	done(&r);
}

static void exec_malformed_blocks_exit_2(void)
{
	static unsigned char many[4096 * 300];
	const char *env[] = { "A=1", "LONGER=entry", NULL };
	unsigned char b[256];
	size_t len = make_block(b, "/", env), i;
	bad_block("--exec: block cut short", b, len - 3, "stdin ended inside it");
	bad_block("--exec: empty stdin", "", 0, "stdin ended inside it");
	bad_block("--exec: count too large", "\0\0\0\1/\0\0\20\1", 9, "4097 entries (at most 4096)");
	bad_block("--exec: negative count", "\0\0\0\1/\377\377\377\377", 9, "-1 entries (at most 4096)");
	bad_block("--exec: empty workdir", "\0\0\0\0\0\0\0\0", 8, "empty workdir");
	bad_block("--exec: a string over 1 MiB", "\0\20\0\0/", 5, "more than 1 MiB");
	bad_block("--exec: a NUL inside a string", "\0\0\0\3/\0a\0\0\0\0", 11, "a NUL inside a string");
	/* 4096 entries of 296 bytes: each fits, together they pass 1 MiB */
	len = put_string(many, "/");
	put_u32(many + len, 4096);
	len += 4;
	for (i = 0; i < 4096; i++) {
		put_u32(many + len, 296);
		memset(many + len + 4, 'v', 296);
		many[len + 4 + 1] = '=';
		len += 300;
	}
	bad_block("--exec: entries over 1 MiB in all", many, len, "more than 1 MiB");
}

int main(int argc, char **argv)
{
	struct sockaddr_un a;
	size_t i;
	int here;
	if (argc != 2) {
		fprintf(stderr, "usage: run_test PATH-OF-plugstack-run\n");
		return 2;
	}
	if (argv[1][0] == '/')
		snprintf(prog, sizeof(prog), "%s", argv[1]);
	else if (getcwd(prog, 4096))
		snprintf(prog + strlen(prog), sizeof(prog) - strlen(prog), "/%s", argv[1]);
	signal(SIGPIPE, SIG_IGN);
	for (i = 0; i < sizeof(big); i++)
		big[i] = (unsigned char)(i * 7 + i / 251);
	if (!mkdtemp(dir) || (here = open(".", O_RDONLY)) < 0 || chdir(dir) < 0 || !getcwd(cwd, sizeof(cwd))
	    || fchdir(here) < 0) {
		perror(dir);
		return 2;
	}
	close(here);
	snprintf(workdir, sizeof(workdir), "%s/work", cwd);
	snprintf(absent_dir, sizeof(absent_dir), "%s/absent", cwd);
	if (mkdir(workdir, 0755) < 0) {
		perror(workdir);
		return 2;
	}
	snprintf(sock, sizeof(sock), "%s/monitor.sock", dir);
	snprintf(absent, sizeof(absent), "%s/absent.sock", dir);
	memset(&a, 0, sizeof(a));
	a.sun_family = AF_UNIX;
	strcpy(a.sun_path, sock);
	if ((lsock = socket(AF_UNIX, SOCK_STREAM, 0)) < 0 || fcntl(lsock, F_SETFD, FD_CLOEXEC) < 0
	    || bind(lsock, (struct sockaddr *)&a, sizeof(a)) < 0 || listen(lsock, 4) < 0) {
		perror(sock);
		return 2;
	}

	relays();
	exits(0, 0);
	exits(3, 3);
	exits(255, 255);
	exits(300, 255);
	exits((uint32_t)-1, 255);
	refused();
	broken("closed before EXIT", "\1\0\0\0\7partial", 12, "partial", "closed the connection before the exit code");
	broken("closed in a header", "\1\0\0", 3, "", "closed the connection before the exit code");
	broken("closed in a body", "\2\0\0\0\12ab", 7, "", "closed the connection before the exit code");
	broken("oversized frame", "\1\1\0\0\1", 5, "", "frame of 16777217 bytes (at most 16777216)");
	broken("negative length", "\2\200\0\0\0", 5, "", "frame of 2147483648 bytes (at most 16777216)");
	broken("unknown type", "\11\0\0\0\0", 5, "", "unknown frame type 9");
	broken("STDIN from the monitor", "\4\0\0\0\0", 5, "", "unknown frame type 4");
	stdout_closed();
	no_stdin();
	no_deadlock();
	no_context_sends_an_empty_workdir();
	context_sends_the_blocks_workdir_and_environment();
	context_relays_the_stdin_after_the_block();
	malformed_context_block_exits_2_unconnected();
	exec_runs_in_the_blocks_directory();
	exec_gives_exactly_the_blocks_environment();
	exec_searches_the_blocks_path();
	exec_falls_back_to_root();
	exec_missing_program_exits_127();
	exec_unrunnable_program_exits_126();
	exec_runs_a_file_of_no_format_through_sh();
	exec_leaves_the_rest_of_stdin_to_the_command();
	exec_malformed_blocks_exit_2();
	{
		const char *none[] = { absent, "1", "1", "--", "/bin/true", NULL };
		const char *no_dashes[] = { sock, "1", "1", "/bin/true", "x", NULL };
		const char *bad_uid[] = { sock, "root", "1", "--", "/bin/true", NULL };
		const char *no_program[] = { sock, "1", "1", "--", NULL };
		const char *nothing[] = { NULL };
		const char *context_no_dashes[] = { sock, "1", "1", "--context", "/bin/true", NULL };
		const char *exec_no_dashes[] = { "--exec", "/bin/true", NULL };
		const char *exec_no_program[] = { "--exec", "--", NULL };
		char msg[256];
		snprintf(msg, sizeof(msg), "plugstack-run: %s: %s\n", absent, strerror(ENOENT));
		alone("no socket: 127", none, 127, msg);
		alone("usage: no --", no_dashes, 2, USAGE);
		alone("usage: bad UID", bad_uid, 2, USAGE);
		alone("usage: no PROGRAM", no_program, 2, USAGE);
		alone("usage: no arguments", nothing, 2, USAGE);
		alone("usage: --context without --", context_no_dashes, 2, USAGE);
		alone("usage: --exec without --", exec_no_dashes, 2, USAGE);
		alone("usage: --exec without PROGRAM", exec_no_program, 2, USAGE);
	}

	close(lsock);
	unlink(sock);
	rmdir(workdir);
	rmdir(dir);
	printf("run: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
