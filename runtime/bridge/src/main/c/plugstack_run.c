/*
 * plugstack-run SOCKET UID GID [--context] -- PROGRAM [ARG...]: runs PROGRAM as UID:GID through the
 * privileged monitor listening on the Unix socket SOCKET, for a process that cannot setuid itself (the
 * user role's JVM). It sends one "run-as" request (arguments, an environment, a working directory),
 * then relays its stdin to the monitor in STDIN frames and the monitor's OUT/ERR frames to its
 * stdout/stderr, and exits with the EXIT frame's code: to its caller it looks like PROGRAM itself.
 * With --context the environment and working directory are the user's process's, read first from
 * stdin as a context block (not from arguments, which every user can read, nor from the environment,
 * where a user's LD_PRELOAD would act on this process); without, its own environment and an empty
 * working directory. The monitor decides (SO_PEERCRED, the user's session); this program only relays.
 *
 * plugstack-run --exec -- PROGRAM [ARG...]: the monitor's side, already running as the user: reads a
 * context block from stdin, changes to its directory and execs PROGRAM with exactly its environment.
 *
 * PROTOCOL.md, "The monitor (plugstack-run)", has the frames, the block and the exit codes.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define MAX_LEN (16 * 1024 * 1024) /* the longest string or frame either side accepts */
#define CHUNK 65536                /* the longest STDIN frame, and the relay buffer */
#define BLOCK_MAX (1024 * 1024)    /* a context block's bytes, all in */
#define BLOCK_VARS 4096            /* a context block's entries */
#define DEFAULT_PATH "/usr/bin:/bin"

enum { OUT = 1, ERR = 2, EXIT = 3, STDIN = 4 };

extern char **environ;

static const char *sock_path;
static unsigned char obuf[5 + CHUNK]; /* the request, then one STDIN frame at a time */
static size_t olen, ooff;              /* bytes in obuf, bytes of them already sent */
static unsigned char ibuf[CHUNK];     /* a frame's body on its way to fd 1 or 2 */
static int broken[3];                 /* fd 1 or 2 failed: its output is dropped from then on */
/* The context block, static so that no exit path leaks: its strings, each NUL-terminated (a NUL in
 * place of each 4-byte count: they fit in BLOCK_MAX), the workdir and the NULL-terminated entries. */
static char block[BLOCK_MAX];
static size_t block_read, block_used; /* bytes read from stdin, bytes of block used */
static char *block_dir, *block_env[BLOCK_VARS + 1];

static int monitor_error(const char *what)
{
	fprintf(stderr, "plugstack-run: monitor at %s: %s\n", sock_path, what);
	return 127;
}

static void put_u32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/* Sends all of obuf, waiting as long as it takes (the request). -1: the monitor is gone. */
static int flush(int s)
{
	while (ooff < olen) {
		ssize_t n = send(s, obuf + ooff, olen - ooff, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		ooff += (size_t)n;
	}
	olen = ooff = 0;
	return 0;
}

static int put(int s, const void *data, size_t len)
{
	while (len > 0) {
		size_t room = sizeof(obuf) - olen, n = len < room ? len : room;
		memcpy(obuf + olen, data, n);
		olen += n;
		data = (const unsigned char *)data + n;
		len -= n;
		if (olen == sizeof(obuf) && flush(s) < 0)
			return -1;
	}
	return 0;
}

/* v, then (with str) the v bytes of str: a count, or a string. */
static int put_int(int s, uint32_t v, const char *str)
{
	unsigned char b[4];
	put_u32(b, v);
	return put(s, b, 4) < 0 ? -1 : str ? put(s, str, v) : 0;
}

/* The request: "run-as", [UID, GID, PROGRAM, ARG...], the environment (NAME=value entries, those
 * without '=' left out), the working directory. */
static int send_request(int s, char **ids, char **cmd, char **env, const char *workdir)
{
	uint32_t n = 2, m = 0;
	char **e;
	int i;
	for (e = cmd; *e; e++)
		n++;
	for (e = env; *e; e++)
		m += strchr(*e, '=') != NULL;
	if (put_int(s, 6, "run-as") < 0 || put_int(s, n, NULL) < 0)
		return -1;
	for (i = 0; i < 2; i++) /* lengths: usable() checked them, and the block's are under 1 MiB */
		if (put_int(s, (uint32_t)strlen(ids[i]), ids[i]) < 0)
			return -1;
	for (e = cmd; *e; e++)
		if (put_int(s, (uint32_t)strlen(*e), *e) < 0)
			return -1;
	if (put_int(s, m, NULL) < 0)
		return -1;
	for (e = env; *e; e++) {
		const char *eq = strchr(*e, '=');
		if (eq && (put_int(s, (uint32_t)(eq - *e), *e) < 0 || put_int(s, (uint32_t)strlen(eq + 1), eq + 1) < 0))
			return -1;
	}
	return put_int(s, (uint32_t)strlen(workdir), workdir) < 0 ? -1 : flush(s);
}

/* Exactly len more bytes of the block from stdin, never one more (the rest is the command's): NULL,
 * or what went wrong. */
static const char *stdin_bytes(void *p, size_t len)
{
	if (len > BLOCK_MAX - block_read)
		return "more than 1 MiB";
	block_read += len;
	while (len > 0) {
		ssize_t n = read(0, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return strerror(errno);
		if (n == 0)
			return "stdin ended inside it";
		p = (char *)p + n;
		len -= (size_t)n;
	}
	return NULL;
}

static const char *block_int(uint32_t *v)
{
	unsigned char b[4];
	const char *why = stdin_bytes(b, 4);
	*v = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
	return why;
}

/* The next string of the block, NUL-terminated in block[]. */
static const char *block_string(char **s)
{
	uint32_t len;
	const char *why = block_int(&len);
	if (why)
		return why;
	if (len >= sizeof(block) - block_used) /* stdin_bytes refuses it first; block[] is guarded all the same */
		return "more than 1 MiB";
	*s = block + block_used;
	if ((why = stdin_bytes(*s, len)) != NULL)
		return why;
	if (memchr(*s, '\0', len)) /* it would be cut short as a C string: refuse it */
		return "a NUL inside a string";
	(*s)[len] = '\0';
	block_used += len + 1;
	return NULL;
}

/* The context block (PROTOCOL.md): string workdir (not empty), int32 m (0 to 4096), m strings
 * NAME=value, at most 1 MiB in all. NULL, or what is wrong with it. */
static const char *read_block(void)
{
	static char what[64];
	uint32_t m, i;
	const char *why;
	if ((why = block_string(&block_dir)) != NULL)
		return why;
	if (!block_dir[0])
		return "empty workdir";
	if ((why = block_int(&m)) != NULL)
		return why;
	if (m > BLOCK_VARS) {
		snprintf(what, sizeof(what), "%ld entries (at most %d)", (long)(int32_t)m, BLOCK_VARS);
		return what;
	}
	for (i = 0; i < m; i++)
		if ((why = block_string(&block_env[i])) != NULL)
			return why;
	block_env[m] = NULL;
	return NULL;
}

/* execve, and as execvp does, a file of no executable format through /bin/sh. args is argv + 3: the
 * "--" before it is free to hold sh's argv[0]. Returns with errno when nothing ran. */
static void exec_file(const char *file, char **args, char **env)
{
	char *program = args[0];
	execve(file, args, env);
	if (errno != ENOEXEC)
		return;
	args[-1] = "/bin/sh";
	args[0] = (char *)file;
	execve("/bin/sh", args - 1, env);
	args[0] = program;
	errno = ENOEXEC;
}

/* PROGRAM as execvp runs it, but searched in env's PATH (DEFAULT_PATH when it has none): glibc's
 * execvp would search this process's. Returns with errno when nothing ran. */
static void exec_program(char **args, char **env)
{
	const char *program = args[0], *path = DEFAULT_PATH, *dir, *end;
	size_t len = strlen(program);
	char file[PATH_MAX];
	char **e;
	int denied = 0;
	errno = ENOENT;
	if (!len || strchr(program, '/')) {
		if (len)
			exec_file(program, args, env);
		return;
	}
	for (e = env; *e; e++)
		if (!strncmp(*e, "PATH=", 5)) {
			path = *e + 5;
			break;
		}
	for (dir = path;; dir = end + 1) {
		size_t n;
		end = strchr(dir, ':');
		n = end ? (size_t)(end - dir) : strlen(dir);
		errno = ENOENT;
		if (n + 1 + len < sizeof(file)) { /* a longer one cannot be there */
			memcpy(file, dir, n);
			file[n] = '/';
			memcpy(file + n + 1, program, len + 1);
			exec_file(n ? file : program, args, env); /* an empty entry is the working directory */
		}
		if (errno == EACCES)
			denied = 1;
		else if (errno != ENOENT && errno != ENOTDIR)
			return;
		if (!end)
			break;
	}
	errno = denied ? EACCES : ENOENT;
}

/* --exec: the block's directory (else /), then PROGRAM with exactly the block's environment. */
static int run_here(char **args)
{
	int e;
	if (chdir(block_dir) < 0) {
		fprintf(stderr, "plugstack-run: cannot change directory to %s: %s; running in /\n", block_dir,
			strerror(errno));
		if (chdir("/") < 0)
			perror("plugstack-run: /");
	}
	exec_program(args, block_env);
	e = errno;
	fprintf(stderr, "plugstack-run: %s: %s\n", args[0], strerror(e));
	return e == ENOENT ? 127 : 126;
}

static int connect_to(const char *path)
{
	struct sockaddr_un a;
	size_t len = strlen(path);
	int s, e;
	if (len >= sizeof(a.sun_path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memset(&a, 0, sizeof(a));
	a.sun_family = AF_UNIX;
	memcpy(a.sun_path, path, len + 1);
	if ((s = socket(AF_UNIX, SOCK_STREAM, 0)) >= 0 && connect(s, (struct sockaddr *)&a, sizeof(a)) < 0) {
		e = errno;
		close(s);
		errno = e;
		return -1;
	}
	return s;
}

/* Writes all of it to fd 1 or 2, unless that fd has failed (the caller closed its pipe). */
static void write_out(int fd, const unsigned char *p, size_t len)
{
	while (len > 0 && !broken[fd]) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EAGAIN) { /* a non-blocking fd we were given: wait as a blocking one does */
			struct pollfd w = { 0, POLLOUT, 0 };
			w.fd = fd;
			poll(&w, 1, -1);
		} else if (n < 0 && errno != EINTR) {
			broken[fd] = 1;
		} else if (n > 0) {
			p += n;
			len -= (size_t)n;
		}
	}
}

/* 0, or 127 after saying why the monitor's bytes did not come. */
static int read_full(int s, unsigned char *p, size_t len)
{
	while (len > 0) {
		ssize_t n = read(s, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) /* ECONNRESET: it hung up with our STDIN frames unread */
			return monitor_error(n == 0 || errno == ECONNRESET ? "closed the connection before the exit code"
								 : strerror(errno));
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* One frame from the monitor: -1 to go on, else the code to exit with. */
static int frame(int s)
{
	unsigned char h[5];
	char what[64];
	uint32_t len;
	if (read_full(s, h, 5))
		return 127;
	len = (uint32_t)h[1] << 24 | (uint32_t)h[2] << 16 | (uint32_t)h[3] << 8 | h[4];
	if (h[0] == EXIT)
		return len <= 255 ? (int)len : 255; /* a negative int32 is above 255 here */
	if (h[0] != OUT && h[0] != ERR) {
		snprintf(what, sizeof(what), "unknown frame type %u", (unsigned)h[0]);
		return monitor_error(what);
	}
	if (len > MAX_LEN) {
		snprintf(what, sizeof(what), "frame of %lu bytes (at most %d)", (unsigned long)len, MAX_LEN);
		return monitor_error(what);
	}
	while (len > 0) {
		size_t n = len < sizeof(ibuf) ? len : sizeof(ibuf);
		if (read_full(s, ibuf, n))
			return 127;
		write_out(h[0], ibuf, n);
		len -= (uint32_t)n;
	}
	return -1;
}

/* Until the EXIT frame: the monitor's frames out, stdin in STDIN frames, one pending at a time and
 * sent without blocking, so the monitor's output is always read even when it reads no input. */
static int relay(int s, int stdin_open)
{
	struct pollfd p[2];
	int rc;
	for (;;) {
		p[0].fd = s;
		p[0].events = POLLIN | (ooff < olen ? POLLOUT : 0);
		p[1].fd = stdin_open && ooff == olen ? 0 : -1;
		p[1].events = POLLIN;
		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return monitor_error(strerror(errno));
		}
		if (p[0].revents & POLLOUT) {
			ssize_t n = send(s, obuf + ooff, olen - ooff, MSG_DONTWAIT | MSG_NOSIGNAL);
			if (n >= 0)
				ooff += (size_t)n;
			else if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
				ooff = olen, stdin_open = 0; /* the monitor reads no more: its frames may still come */
			if (ooff == olen)
				ooff = olen = 0;
		}
		if ((p[0].revents & (POLLIN | POLLHUP | POLLERR)) && (rc = frame(s)) >= 0)
			return rc;
		if (p[1].revents) {
			ssize_t n = read(0, obuf + 5, CHUNK);
			if (n < 0 && (errno == EINTR || errno == EAGAIN))
				continue;
			if (n <= 0) /* EOF, or a closed or unreadable stdin: the command's stdin ends */
				n = 0, stdin_open = 0;
			obuf[0] = STDIN;
			put_u32(obuf + 1, (uint32_t)n);
			olen = 5 + (size_t)n;
		}
	}
}

static int short_strings(char **v)
{
	for (; *v; v++)
		if (strlen(*v) > MAX_LEN)
			return 0;
	return 1;
}

/* argv in one of the two forms; exec: --exec's, context: --context at argv[4]. */
static int usable(int argc, char **argv, int exec, int context)
{
	int i, dashes = context ? 5 : 4;
	if (exec)
		return argc >= 4 && !strcmp(argv[2], "--");
	if (argc < dashes + 2 || strcmp(argv[dashes], "--") != 0)
		return 0;
	for (i = 2; i <= 3; i++)
		if (!argv[i][0] || strlen(argv[i]) > 10 || strspn(argv[i], "0123456789") != strlen(argv[i]))
			return 0;
	return short_strings(argv + dashes + 1) && (context || short_strings(environ));
}

int main(int argc, char **argv)
{
	const char *why;
	int s, sent, fd;
	int exec = argc > 1 && !strcmp(argv[1], "--exec");
	int context = !exec && argc > 4 && !strcmp(argv[4], "--context");
	if (!usable(argc, argv, exec, context)) {
		fprintf(stderr, "usage: plugstack-run SOCKET UID GID [--context] -- PROGRAM [ARG...], or plugstack-run "
				"--exec -- PROGRAM [ARG...] (UID, GID decimal; no string over 16 MiB)\n");
		return 2;
	}
	for (fd = 0; fd < 3; fd++) /* closed: /dev/null takes its place, so the socket never gets fd 0, 1 or 2 */
		if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", O_RDWR) != fd) {
			perror("plugstack-run: /dev/null");
			return 127;
		}
	if ((exec || context) && (why = read_block()) != NULL) {
		fprintf(stderr, "plugstack-run: context block: %s\n", why);
		return 2;
	}
	if (exec)
		return run_here(argv + 3);
	sock_path = argv[1];
	signal(SIGPIPE, SIG_IGN); /* only here: --exec's PROGRAM would inherit it */
	if ((s = connect_to(sock_path)) < 0) {
		fprintf(stderr, "plugstack-run: %s: %s\n", sock_path, strerror(errno));
		return 127;
	}
	sent = send_request(s, argv + 2, argv + (context ? 6 : 5), context ? block_env : environ,
			    context ? block_dir : "");
	if (sent < 0) /* the monitor stopped reading: what it said before hanging up is still to read */
		olen = ooff = 0;
	return relay(s, sent == 0);
}
