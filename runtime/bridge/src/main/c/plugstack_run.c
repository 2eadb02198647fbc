/*
 * plugstack-run SOCKET UID GID -- PROGRAM [ARG...]: runs PROGRAM as UID:GID through the privileged
 * monitor listening on the Unix socket SOCKET, for a process that cannot setuid itself (the user
 * role's JVM). It sends one "run-as" request (arguments, its environment, its working directory),
 * then relays its stdin to the monitor in STDIN frames and the monitor's OUT/ERR frames to its
 * stdout/stderr, and exits with the EXIT frame's code: to its caller it looks like PROGRAM itself.
 * The monitor decides (SO_PEERCRED, the user's session); this program only relays. PROTOCOL.md,
 * "The monitor (plugstack-run)", has the frames and exit codes.
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
#include <sys/un.h>
#include <unistd.h>

#define MAX_LEN (16 * 1024 * 1024) /* the longest string or frame either side accepts */
#define CHUNK 65536                /* the longest STDIN frame, and the relay buffer */

enum { OUT = 1, ERR = 2, EXIT = 3, STDIN = 4 };

extern char **environ;

static const char *sock_path;
static unsigned char obuf[5 + CHUNK]; /* the request, then one STDIN frame at a time */
static size_t olen, ooff;              /* bytes in obuf, bytes of them already sent */
static unsigned char ibuf[CHUNK];     /* a frame's body on its way to fd 1 or 2 */
static int broken[3];                 /* fd 1 or 2 failed: its output is dropped from then on */

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

/* The request: "run-as", [UID, GID, PROGRAM, ARG...], the environment, the working directory. */
static int send_request(int s, int argc, char **argv, const char *workdir)
{
	uint32_t m = 0;
	char **e;
	int i;
	for (e = environ; *e; e++)
		m += strchr(*e, '=') != NULL;
	if (put_int(s, 6, "run-as") < 0 || put_int(s, (uint32_t)(argc - 3), NULL) < 0)
		return -1;
	for (i = 2; i < argc; i++) /* lengths: usable() checked them */
		if (i != 4 && put_int(s, (uint32_t)strlen(argv[i]), argv[i]) < 0)
			return -1;
	if (put_int(s, m, NULL) < 0)
		return -1;
	for (e = environ; *e; e++) {
		const char *eq = strchr(*e, '=');
		if (eq && (put_int(s, (uint32_t)(eq - *e), *e) < 0 || put_int(s, (uint32_t)strlen(eq + 1), eq + 1) < 0))
			return -1;
	}
	return put_int(s, (uint32_t)strlen(workdir), workdir) < 0 ? -1 : flush(s);
}

/* getcwd() however long, up to MAX_LEN; NULL when it fails (the caller sends "/"). */
static char *workdir(void)
{
	size_t size = 4096;
	char *b = NULL, *n;
	while ((n = realloc(b, size)) != NULL) {
		b = n;
		if (getcwd(b, size))
			return b;
		if (errno != ERANGE || size >= MAX_LEN)
			break;
		size *= 2;
	}
	free(b);
	return NULL;
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

static int usable(int argc, char **argv)
{
	int i;
	if (argc < 6 || strcmp(argv[4], "--") != 0)
		return 0;
	for (i = 2; i <= 3; i++)
		if (!argv[i][0] || strlen(argv[i]) > 10 || strspn(argv[i], "0123456789") != strlen(argv[i]))
			return 0;
	return short_strings(argv + 5) && short_strings(environ);
}

int main(int argc, char **argv)
{
	char *cwd;
	int s, sent, fd;
	if (!usable(argc, argv)) {
		fprintf(stderr, "usage: plugstack-run SOCKET UID GID -- PROGRAM [ARG...] (UID, GID decimal; no string over 16 MiB)\n");
		return 2;
	}
	sock_path = argv[1];
	for (fd = 0; fd < 3; fd++) /* closed: /dev/null takes its place, so the socket never gets fd 0, 1 or 2 */
		if (fcntl(fd, F_GETFD) < 0 && open("/dev/null", O_RDWR) != fd) {
			perror("plugstack-run: /dev/null");
			return 127;
		}
	signal(SIGPIPE, SIG_IGN);
	if ((s = connect_to(sock_path)) < 0) {
		fprintf(stderr, "plugstack-run: %s: %s\n", sock_path, strerror(errno));
		return 127;
	}
	cwd = workdir();
	sent = send_request(s, argc, argv, cwd ? cwd : "/");
	free(cwd);
	if (sent < 0) /* the monitor stopped reading: what it said before hanging up is still to read */
		olen = ooff = 0;
	return relay(s, sent == 0);
}
