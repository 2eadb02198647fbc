/*
 * job_submit/plugstack: slurmctld's job_submit plugin that runs Plugstack's Java job_submit chain
 * (slurm.conf: JobSubmitPlugins=plugstack). For every submission and `scontrol update job` it sends
 * the request's fields, the job record (modify) and the partitions the user may use, by the names
 * Slurm's own job_submit/lua gives them, to the node daemon's ctld.sock, and applies the answer:
 * Slurm's rc, the user's message and the fields to write (PROTOCOL.md: JOB_HELLO, JOB_FIELDS,
 * JOB_CALL, JOB_RESULT, the frames the Lua shim sends too).
 *
 * Built against the running release's own source tree (its internal job_record_t and part_record_t;
 * plugin_version must equal the release). Fails closed: a daemon that cannot be reached, refuses or
 * does not answer within the timeout rejects the submission, naming why. It keeps errno as Slurm left
 * it: 22.05's partition change reads errno after job_modify, and a leftover EAGAIN of this plugin's
 * socket I/O would fail `scontrol update job Partition=` (issue 27).
 *
 * Settings, in job_submit_plugstack.conf next to slurm.conf (optional): socket=<path of ctld.sock>
 * (default /run/plugstack/ctld.sock), timeout_ms=<per call, default 2000>.
 */
#include "ctld_fields.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "src/common/read_config.h"
#include "src/common/xmalloc.h"
#include "src/common/xstring.h"

#include "conn.h"

const char plugin_name[] = "Plugstack job_submit: the node daemon's Java job_submit chain";
const char plugin_type[] = "job_submit/plugstack";
const uint32_t plugin_version = SLURM_VERSION_NUMBER;

#define DEFAULT_SOCKET "/run/plugstack/ctld.sock"
#define HOOK_SUBMIT 0
#define HOOK_MODIFY 1

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char socket_path[256] = DEFAULT_SOCKET;
static int timeout_ms = 2000;
/* The kept connection and the names the daemon asked for (JOB_FIELDS), or -1 and none. */
static int conn = -1;
static struct names { char **v; uint32_t n; } desc_names, rec_names, part_names;

static void names_free(struct names *s)
{
	for (uint32_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

static void drop(void)
{
	if (conn >= 0)
		close(conn);
	conn = -1;
	names_free(&desc_names);
	names_free(&rec_names);
	names_free(&part_names);
}

static int names_read(struct ps_in *in, struct names *s)
{
	uint32_t n = ps_in_count(in, 4);
	if (in->failed)
		return -1;
	s->v = calloc(n ? n : 1, sizeof(char *));
	if (!s->v)
		return -1;
	for (s->n = 0; s->n < n; s->n++) {
		s->v[s->n] = ps_in_str(in);
		if (in->failed || !s->v[s->n])
			return -1;
	}
	return 0;
}

static void read_settings(void)
{
	char *path = get_extra_conf_path("job_submit_plugstack.conf");
	char line[512];
	FILE *f = path ? fopen(path, "re") : NULL;
	while (f && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (!strncmp(line, "socket=", 7) && strlen(line + 7) > 0 && strlen(line + 7) < sizeof(socket_path))
			memcpy(socket_path, line + 7, strlen(line + 7) + 1);
		else if (!strncmp(line, "timeout_ms=", 11) && atoi(line + 11) > 0)
			timeout_ms = atoi(line + 11);
		else if (line[0] && line[0] != '#')
			error("%s: %s: ignored line \"%s\" (expected socket=<path> or timeout_ms=<n>)", plugin_type, path, line);
	}
	if (f)
		fclose(f);
	xfree(path);
}

static long now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

static int left_ms(long deadline)
{
	long left = deadline - now_ms();
	return left > 0 ? (int) left : 0;
}

/* One frame from the daemon; REFUSE becomes an error naming its reason. */
static int receive(long deadline, uint8_t want, unsigned char **body, uint32_t *len, char *why, size_t why_len)
{
	const char *w = NULL;
	uint8_t type;
	if (ps_recv(conn, PS_MAX_FRAME, left_ms(deadline), &type, body, len, &w) < 0) {
		snprintf(why, why_len, "%s", w);
		return -1;
	}
	if (type == PS_REFUSE) {
		struct ps_in in;
		char *reason;
		ps_in_init(&in, *body, *len);
		reason = ps_in_str(&in);
		snprintf(why, why_len, "refused: %s", reason ? reason : "(no reason)");
		free(reason);
		free(*body);
		return -1;
	}
	if (type != want) {
		snprintf(why, why_len, "unexpected answer %u", type);
		free(*body);
		return -1;
	}
	return 0;
}

static int connect_daemon(long deadline, char *why, size_t why_len)
{
	const char *w = NULL;
	struct ps_out o;
	unsigned char *body;
	uint32_t len;
	struct ps_in in;
	conn = ps_connect(socket_path, &w);
	if (conn < 0) {
		snprintf(why, why_len, "%s: %s", socket_path, w);
		return -1;
	}
	ps_out_begin(&o, PS_JOB_HELLO, 4096);
	ps_out_u32(&o, PS_PROTOCOL);
	ps_out_str(&o, slurm_conf.cluster_name);
	ps_out_str(&o, SLURM_VERSION_STRING); /* slurmctld loads it only at this release (plugin_version) */
	if (ps_out_end(&o) < 0 || ps_send(conn, &o, left_ms(deadline), &w) < 0) {
		snprintf(why, why_len, "%s: %s", socket_path, w ? w : "cannot send");
		drop();
		return -1;
	}
	if (receive(deadline, PS_JOB_FIELDS, &body, &len, why, why_len) < 0) {
		drop();
		return -1;
	}
	ps_in_init(&in, body, len);
	if (names_read(&in, &desc_names) || names_read(&in, &rec_names) || names_read(&in, &part_names) || in.left) {
		snprintf(why, why_len, "malformed JOB_FIELDS");
		free(body);
		drop();
		return -1;
	}
	free(body);
	return 0;
}

/* As job_submit/lua's _user_can_use_part: the partitions part_list shows the job's user. */
static int user_can_use(uint32_t user_id, uint32_t submit_uid, const part_record_t *p)
{
	if (user_id == 0)
		return !(p->flags & PART_FLAG_NO_ROOT);
	if ((p->flags & PART_FLAG_ROOT_ONLY) && submit_uid != 0)
		return 0;
	if (!p->allow_uids)
		return 1;
	for (int i = 0; p->allow_uids[i]; i++)
		if (p->allow_uids[i] == user_id)
			return 1;
	return 0;
}

static int build_call(struct ps_out *o, int hook, const job_desc_msg_t *d, const job_record_t *j, uint32_t user_id,
		      uint32_t uid)
{
	size_t at;
	uint32_t parts = 0;
	__typeof__(list_iterator_create(part_list)) it; /* ListIterator, list_itr_t from 23.11 */
	part_record_t *p;
	ps_out_begin(o, PS_JOB_CALL, PS_MAX_FRAME);
	ps_out_u32(o, (uint32_t) hook);
	ps_out_u32(o, uid);
	ps_ctld_desc_values(o, d, desc_names.v, desc_names.n);
	if (j)
		ps_ctld_rec_values(o, j, rec_names.v, rec_names.n);
	else
		ps_out_u32(o, 0);
	at = o->len;
	ps_out_u32(o, 0);
	/* part_list is slurmctld's, read under the locks it holds around job_submit */
	it = part_list ? list_iterator_create(part_list) : NULL;
	while (it && (p = list_next(it))) {
		if (user_can_use(user_id, uid, p)) {
			ps_ctld_part_values(o, p, part_names.v, part_names.n);
			parts++;
		}
	}
	if (it)
		list_iterator_destroy(it);
	ps_out_patch_u32(o, at, parts);
	return ps_out_end(o);
}

/* Applies JOB_RESULT to d; its rc, and its message (malloc) in *msg. */
static int apply(job_desc_msg_t *d, const unsigned char *body, uint32_t len, char **msg, char *why, size_t why_len)
{
	struct ps_in in;
	uint32_t n, rc;
	ps_in_init(&in, body, len);
	rc = ps_in_u32(&in);
	*msg = ps_in_str(&in);
	n = ps_in_count(&in, 8);
	for (uint32_t i = 0; i < n && !in.failed; i++) {
		char *name = ps_in_str(&in), *text = NULL;
		uint32_t kind = ps_in_u32(&in);
		if (kind == 0 || kind == 1)
			text = ps_in_str(&in);
		else if (kind == 2)
			for (uint32_t k = ps_in_count(&in, 4); k > 0 && !in.failed; k--)
				free(ps_in_str(&in));
		else
			ps_in_u32(&in);
		if (!in.failed && name && (kind > 1 || ps_ctld_desc_write(d, name, kind, text) < 0))
			error("%s: the daemon wrote job_desc.%s, which is not a writable field of this kind; ignored",
			      plugin_type, name);
		free(name);
		free(text);
	}
	if (in.failed || in.left) {
		snprintf(why, why_len, "malformed JOB_RESULT");
		free(*msg);
		*msg = NULL;
		return -1;
	}
	return (int) rc;
}

static int exchange(int hook, job_desc_msg_t *d, const job_record_t *j, uint32_t user_id, uint32_t uid, char **msg,
		    char *why, size_t why_len)
{
	long deadline = now_ms() + timeout_ms;
	for (int attempt = 0;; attempt++) {
		int fresh = conn < 0;
		const char *w = NULL;
		struct ps_out o;
		unsigned char *body;
		uint32_t len;
		int rc;
		if (fresh && connect_daemon(deadline, why, why_len) < 0)
			return -1;
		if (build_call(&o, hook, d, j, user_id, uid) < 0) {
			snprintf(why, why_len, "the request does not fit a frame");
			return -1;
		}
		if (ps_send(conn, &o, left_ms(deadline), &w) == 0 &&
		    receive(deadline, PS_JOB_RESULT, &body, &len, why, why_len) == 0) {
			rc = apply(d, body, len, msg, why, why_len);
			free(body);
			if (rc == -1 && *why)
				drop();
			return rc;
		}
		if (w)
			snprintf(why, why_len, "%s", w);
		drop();
		/* a kept connection the daemon closed (restart): once more on a new one; a timeout is final */
		if (fresh || attempt > 0 || left_ms(deadline) == 0)
			return -1;
	}
}

static int call(int hook, job_desc_msg_t *d, const job_record_t *j, uint32_t user_id, uint32_t uid, char **err_msg)
{
	int saved = errno, rc;
	char why[300] = "", *msg = NULL;
	long deadline = now_ms() + timeout_ms;
	slurm_mutex_lock(&lock);
	rc = exchange(hook, d, j, user_id, uid, &msg, why, sizeof(why));
	slurm_mutex_unlock(&lock);
	if (rc == -1 && why[0] && left_ms(deadline) == 0) {
		if (timeout_ms % 1000)
			snprintf(why, sizeof(why), "timed out after %d ms", timeout_ms);
		else
			snprintf(why, sizeof(why), "timed out after %d s", timeout_ms / 1000);
	}
	if (rc == -1 && why[0]) {
		error("%s: Plugstack unavailable: %s", plugin_type, why);
		if (err_msg)
			*err_msg = xstrdup_printf("Plugstack unavailable: %s", why);
		rc = SLURM_ERROR;
	} else if (msg) {
		if (err_msg && hook == HOOK_SUBMIT)
			*err_msg = xstrdup(msg);
		else
			info("%s: job_modify: %s", plugin_type, msg);
	}
	free(msg);
	errno = saved;
	return rc;
}

extern int init(void)
{
	read_settings();
	return SLURM_SUCCESS;
}

extern int fini(void)
{
	slurm_mutex_lock(&lock);
	drop();
	slurm_mutex_unlock(&lock);
	return SLURM_SUCCESS;
}

extern int job_submit(job_desc_msg_t *job_desc, uint32_t submit_uid, char **err_msg)
{
	return call(HOOK_SUBMIT, job_desc, NULL, job_desc->user_id, submit_uid, err_msg);
}

#if SLURM_VERSION_NUMBER >= SLURM_VERSION_NUM(23, 2, 0)
extern int job_modify(job_desc_msg_t *job_desc, job_record_t *job_ptr, uint32_t submit_uid, char **err_msg)
{
	return call(HOOK_MODIFY, job_desc, job_ptr, job_ptr->user_id, submit_uid, err_msg);
}
#else
extern int job_modify(job_desc_msg_t *job_desc, job_record_t *job_ptr, uint32_t submit_uid)
{
	return call(HOOK_MODIFY, job_desc, job_ptr, job_ptr->user_id, submit_uid, NULL);
}
#endif
