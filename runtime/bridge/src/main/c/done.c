/* Decoding DONE: see done.h. Every list is bounded by what the frame still holds (ps_in_count). */
#include "done.h"
#include "wire.h"

#include <stdlib.h>
#include <string.h>

static void *array(struct ps_in *in, uint32_t *n, size_t min_item, size_t size)
{
	void *a;
	*n = ps_in_count(in, min_item);
	if (in->failed || !*n)
		return NULL;
	a = calloc(*n, size);
	if (!a) {
		in->failed = 1;
		*n = 0;
	}
	return a;
}

static void env_ops(struct ps_in *in, struct ps_env_op **ops, uint32_t *n)
{
	uint32_t i;
	*ops = array(in, n, 12, sizeof(**ops));
	for (i = 0; i < *n && !in->failed; i++) {
		struct ps_env_op *op = &(*ops)[i];
		op->unset = ps_in_u32(in);
		op->name = ps_in_str(in);
		op->value = ps_in_str(in);
		if (!in->failed && (!op->name || op->unset > 1 || (op->unset == 1) != (op->value == NULL)))
			in->failed = 1;
	}
}

static char **strs(struct ps_in *in, uint32_t *n)
{
	uint32_t i, count = ps_in_count(in, 4);
	char **s;
	*n = 0;
	if (in->failed)
		return NULL;
	s = calloc((size_t)count + 1, sizeof(*s));
	if (!s) {
		in->failed = 1;
		return NULL;
	}
	for (i = 0; i < count && !in->failed; i++) {
		s[i] = ps_in_str(in);
		if (!s[i])
			in->failed = 1; /* argv holds no NULL */
	}
	*n = count;
	return s;
}

static struct ps_log_line *log_lines(struct ps_in *in, uint32_t *n)
{
	uint32_t i;
	struct ps_log_line *logs = array(in, n, 8, sizeof(*logs));
	for (i = 0; i < *n && !in->failed; i++) {
		logs[i].level = ps_in_u32(in);
		logs[i].text = ps_in_str(in);
		if (!in->failed && !logs[i].text)
			in->failed = 1;
	}
	return logs;
}

static void free_log_lines(struct ps_log_line *logs, uint32_t n)
{
	uint32_t i;
	for (i = 0; logs && i < n; i++)
		free(logs[i].text);
	free(logs);
}

int ps_option_rc_decode(const unsigned char *body, size_t len, struct ps_option_rc *r)
{
	struct ps_in in;
	memset(r, 0, sizeof(*r));
	ps_in_init(&in, body, len);
	r->rc = (int32_t)ps_in_u32(&in);
	r->logs = log_lines(&in, &r->nlogs);
	if (in.failed || in.left) {
		ps_option_rc_free(r);
		return -1;
	}
	return 0;
}

void ps_option_rc_free(struct ps_option_rc *r)
{
	free_log_lines(r->logs, r->nlogs);
	memset(r, 0, sizeof(*r));
}

int ps_done_decode(const unsigned char *body, size_t len, struct ps_done *d)
{
	struct ps_in in;
	uint32_t i;
	memset(d, 0, sizeof(*d));
	ps_in_init(&in, body, len);
	d->rc = (int32_t)ps_in_u32(&in);
	d->failure_mode = ps_in_u32(&in);
	env_ops(&in, &d->env, &d->nenv);
	env_ops(&in, &d->jc, &d->njc);
	d->logs = log_lines(&in, &d->nlogs);
	d->opts = array(&in, &d->nopts, 20, sizeof(*d->opts));
	for (i = 0; i < d->nopts && !in.failed; i++) {
		struct ps_option_decl *o = &d->opts[i];
		o->name = ps_in_str(&in);
		o->arginfo = ps_in_str(&in);
		o->usage = ps_in_str(&in);
		o->has_arg = ps_in_u32(&in);
		o->val = ps_in_u32(&in);
		if (!in.failed && (!o->name || !o->usage || o->has_arg > 2))
			in.failed = 1;
	}
	d->effects = array(&in, &d->neffects, 16, sizeof(*d->effects));
	for (i = 0; i < d->neffects && !in.failed; i++) {
		d->effects[i].kind = ps_in_u32(&in);
		d->effects[i].number = ps_in_i64(&in);
		d->effects[i].args = strs(&in, &d->effects[i].nargs);
	}
	if (in.failed || in.left) {
		ps_done_free(d);
		return -1;
	}
	return 0;
}

static void free_env(struct ps_env_op *ops, uint32_t n)
{
	uint32_t i;
	for (i = 0; ops && i < n; i++) {
		free(ops[i].name);
		free(ops[i].value);
	}
	free(ops);
}

void ps_done_free(struct ps_done *d)
{
	uint32_t i, j;
	free_env(d->env, d->nenv);
	free_env(d->jc, d->njc);
	free_log_lines(d->logs, d->nlogs);
	for (i = 0; d->opts && i < d->nopts; i++) {
		free(d->opts[i].name);
		free(d->opts[i].arginfo);
		free(d->opts[i].usage);
	}
	free(d->opts);
	for (i = 0; d->effects && i < d->neffects; i++) {
		for (j = 0; d->effects[i].args && j < d->effects[i].nargs; j++)
			free(d->effects[i].args[j]);
		free(d->effects[i].args);
	}
	free(d->effects);
	memset(d, 0, sizeof(*d));
}
