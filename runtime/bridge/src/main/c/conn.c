/* The bridge's socket I/O: see conn.h. */
#include "conn.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

int ps_connect(const char *path, const char **why)
{
	struct sockaddr_un addr;
	int fd;
	if (strlen(path) >= sizeof(addr.sun_path)) {
		*why = "socket path too long";
		return -1;
	}
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		*why = strerror(errno);
		return -1;
	}
	memset(&addr, 0, sizeof(addr));
	addr.sun_family = AF_UNIX;
	memcpy(addr.sun_path, path, strlen(path) + 1);
	/*
	 * Non-blocking, so a daemon that stopped accepting (its backlog full) is an answer, not a hang:
	 * a Unix socket's connect would otherwise wait for a free slot for ever.
	 */
	if (fcntl(fd, F_SETFL, O_NONBLOCK) < 0 || connect(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		int e = errno;
		*why = e == EAGAIN ? "its socket accepts no connection (backlog full)" : strerror(e);
		close(fd);
		errno = e; /* the caller may wait and try again when the runtime is not there */
		return -1;
	}
	if (fcntl(fd, F_SETFL, 0) < 0) {
		*why = strerror(errno);
		close(fd);
		return -1;
	}
	return fd;
}

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Waits until fd is ready for events or the deadline passes: 0, or -1 with *why. */
static int wait_for(int fd, short events, long long deadline, const char **why)
{
	for (;;) {
		struct pollfd p = { fd, events, 0 };
		long long left = deadline - now_ms();
		int r;
		if (left <= 0) {
			*why = "timed out waiting for the Plugstack runtime";
			return -1;
		}
		r = poll(&p, 1, left > 60000 ? 60000 : (int)left);
		if (r > 0)
			return 0;
		if (r < 0 && errno != EINTR) {
			*why = strerror(errno);
			return -1;
		}
	}
}

int ps_send(int fd, struct ps_out *frame, int timeout_ms, const char **why)
{
	long long deadline = now_ms() + timeout_ms;
	size_t off = 0;
	int rc = 0;
	while (off < frame->len) {
		ssize_t n;
		if (wait_for(fd, POLLOUT, deadline, why)) {
			rc = -1;
			break;
		}
		n = send(fd, frame->data + off, frame->len - off, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			*why = n < 0 ? strerror(errno) : "connection closed";
			rc = -1;
			break;
		}
		off += (size_t)n;
	}
	ps_out_free(frame);
	return rc;
}

static int read_full(int fd, unsigned char *buf, size_t len, long long deadline, const char **why)
{
	size_t off = 0;
	while (off < len) {
		ssize_t n;
		if (wait_for(fd, POLLIN, deadline, why))
			return -1;
		n = read(fd, buf + off, len - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			*why = n < 0 ? strerror(errno) : "the Plugstack runtime closed the connection";
			return -1;
		}
		off += (size_t)n;
	}
	return 0;
}

int ps_recv(int fd, size_t max, int timeout_ms, uint8_t *type, unsigned char **body, uint32_t *len, const char **why)
{
	long long deadline = now_ms() + timeout_ms;
	unsigned char head[5];
	*body = NULL;
	if (read_full(fd, head, sizeof(head), deadline, why))
		return -1;
	if (ps_frame_header(head, max, type, len)) {
		*why = "malformed frame from the Plugstack runtime (bad length)";
		return -1;
	}
	*body = malloc(*len ? *len : 1);
	if (!*body) {
		*why = "out of memory";
		return -1;
	}
	if (read_full(fd, *body, *len, deadline, why)) {
		free(*body);
		*body = NULL;
		return -1;
	}
	return 0;
}
