/*
 * The bridge's connection to the node daemon: a Unix stream socket, close-on-exec (a task's program
 * never inherits a root-authenticated connection), every wait bounded by a deadline, no SIGPIPE.
 * Errors come back as a static text for the one log line the bridge prints.
 */
#ifndef PLUGSTACK_CONN_H
#define PLUGSTACK_CONN_H

#include <stddef.h>
#include <stdint.h>

#include "wire.h"

/* A connected fd, or -1 with *why and errno set (ENOENT, ECONNREFUSED: nobody serves the socket). */
int ps_connect(const char *path, const char **why);
/* Sends a whole built frame (then frees it): 0, or -1 with *why set. */
int ps_send(int fd, struct ps_out *frame, int timeout_ms, const char **why);
/*
 * Reads one frame of at most max bytes within timeout_ms: 0 with *type, *body (malloc, free it) and
 * *len, or -1 with *why set.
 */
int ps_recv(int fd, size_t max, int timeout_ms, uint8_t *type, unsigned char **body, uint32_t *len, const char **why);

#endif
