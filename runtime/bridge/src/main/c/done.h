/*
 * The daemon's DONE and OPTION_RC frames (PROTOCOL.md), decoded whole before the bridge applies anything, so a
 * malformed answer changes nothing in srun or slurmstepd. ps_done_free releases all of it.
 */
#ifndef PLUGSTACK_DONE_H
#define PLUGSTACK_DONE_H

#include <stddef.h>
#include <stdint.h>

struct ps_env_op {
	uint32_t unset;
	char *name, *value;
};

struct ps_log_line {
	uint32_t level; /* SlurmLog.Level ordinal: 0 error, 1 info, 2 verbose, 3 debug, 4 debug2, 5 debug3, 6 plain */
	char *text;
};

struct ps_option_decl {
	char *name, *arginfo, *usage;
	uint32_t has_arg, val;
};

enum ps_effect_kind { PS_EFFECT_TASK_NICENESS = 1, PS_EFFECT_PREPEND_TASK_ARGV = 2 };

struct ps_effect {
	uint32_t kind;
	int64_t number;
	uint32_t nargs;
	char **args; /* nargs strings, then a NULL */
};

struct ps_done {
	int32_t rc;
	uint32_t failure_mode;
	uint32_t nenv, njc, nlogs, nopts, neffects;
	struct ps_env_op *env, *jc;
	struct ps_log_line *logs;
	struct ps_option_decl *opts;
	struct ps_effect *effects;
};

/* OPTION_RC: the option callback's rc and what its plugin logged. */
struct ps_option_rc {
	int32_t rc;
	uint32_t nlogs;
	struct ps_log_line *logs;
};

int ps_option_rc_decode(const unsigned char *body, size_t len, struct ps_option_rc *r);
void ps_option_rc_free(struct ps_option_rc *r);

/* 0 with *d filled (free it with ps_done_free), or -1 with nothing left allocated. */
int ps_done_decode(const unsigned char *body, size_t len, struct ps_done *d);
void ps_done_free(struct ps_done *d);

#endif
