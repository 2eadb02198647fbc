/*
 * The fields of slurmctld's job request, job record and partitions, read and written by name as
 * Slurm's own job_submit/lua reads and writes them (src/plugins/job_submit/lua/job_submit_lua.c and
 * src/lua/slurm_lua.c of the release this is built against): the same names, the same special
 * cases (memory per CPU or per node, site_factor's offset, argv from 0), the same nil where Lua
 * gives nil. One table per structure; a name not in it is not sent (Lua: nil).
 */
#include "ctld_fields.h"

#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "src/common/uid.h"
#include "src/common/xmalloc.h"
#include "src/common/xstring.h"

enum ps_value_kind { PS_NUMBER = 0, PS_STRING = 1, PS_LIST = 2, PS_BOOLEAN = 3 };

/* How a row's member is read (and written). */
enum access {
	A_STR,       /* char * */
	A_UINT,      /* unsigned integer of the member's size */
	A_TIME,      /* time_t */
	A_ARGV,      /* job_desc: argv[argc], from index 0 */
	A_SPANK_ENV, /* spank_job_env[spank_job_env_size] */
	A_MEM_NODE,  /* pn_min_memory without MEM_PER_CPU; nil otherwise */
	A_MEM_CPU,   /* pn_min_memory with MEM_PER_CPU, the flag cleared; nil otherwise */
	A_SITE,      /* site_factor less NICE_OFFSET (NO_VAL as is) */
	A_CORE_SPEC, /* core_spec without CORE_SPEC_THREAD; nil when unset or a thread count (26.05) */
	A_THREAD_SPEC, /* core_spec with CORE_SPEC_THREAD, the flag cleared; nil otherwise (26.05) */
	A_CRON,      /* bitflags & CRON_JOB, a boolean */
	A_USER_NAME  /* the name of user_id */
};

struct row {
	const char *name;
	enum access access;
	size_t offset, size;
	int writable;
};

#define M(type, member) offsetof(type, member), sizeof(((type *) 0)->member)
#define D(name, access, member, w) { name, access, M(job_desc_msg_t, member), w }

/* job_desc: job_submit_lua.c's _get_job_req_field and _set_job_req_field (22.05; the rows under #if as 24.11's). */
static const struct row DESC[] = {
	D("account", A_STR, account, 1), D("acctg_freq", A_STR, acctg_freq, 1),
	D("admin_comment", A_STR, admin_comment, 1), D("alloc_node", A_STR, alloc_node, 0),
	D("argc", A_UINT, argc, 0), D("argv", A_ARGV, argv, 0), D("array_inx", A_STR, array_inx, 1),
	D("batch_features", A_STR, batch_features, 1), D("begin_time", A_TIME, begin_time, 1),
	D("bitflags", A_UINT, bitflags, 1), D("boards_per_node", A_UINT, boards_per_node, 0),
	D("burst_buffer", A_STR, burst_buffer, 1), D("clusters", A_STR, clusters, 1),
	D("comment", A_STR, comment, 1), D("container", A_STR, container, 1),
	D("contiguous", A_UINT, contiguous, 1), D("cores_per_socket", A_UINT, cores_per_socket, 1),
	D("cpu_freq_min", A_UINT, cpu_freq_min, 1), D("cpu_freq_max", A_UINT, cpu_freq_max, 1),
	D("cpu_freq_gov", A_UINT, cpu_freq_gov, 1), D("cpus_per_task", A_UINT, cpus_per_task, 1),
	D("cpus_per_tres", A_STR, cpus_per_tres, 1), D("cron_job", A_CRON, bitflags, 0),
	D("delay_boot", A_UINT, delay_boot, 1), D("dependency", A_STR, dependency, 1),
	D("end_time", A_TIME, end_time, 1), D("extra", A_STR, extra, 1), D("exc_nodes", A_STR, exc_nodes, 1),
	D("features", A_STR, features, 1), D("gres", A_STR, tres_per_node, 0), D("group_id", A_UINT, group_id, 0),
	D("immediate", A_UINT, immediate, 1), D("licenses", A_STR, licenses, 1), D("mail_type", A_UINT, mail_type, 1),
	D("mail_user", A_STR, mail_user, 1), D("max_cpus", A_UINT, max_cpus, 1), D("max_nodes", A_UINT, max_nodes, 1),
	D("mem_per_tres", A_STR, mem_per_tres, 1), D("min_cpus", A_UINT, min_cpus, 1),
	D("min_mem_per_node", A_MEM_NODE, pn_min_memory, 1), D("min_mem_per_cpu", A_MEM_CPU, pn_min_memory, 1),
	D("min_nodes", A_UINT, min_nodes, 1), D("name", A_STR, name, 1), D("network", A_STR, network, 0),
	D("nice", A_UINT, nice, 1), D("ntasks_per_board", A_UINT, ntasks_per_board, 0),
	D("ntasks_per_core", A_UINT, ntasks_per_core, 0), D("ntasks_per_gpu", A_UINT, ntasks_per_tres, 1),
	D("ntasks_per_node", A_UINT, ntasks_per_node, 1), D("ntasks_per_socket", A_UINT, ntasks_per_socket, 1),
	D("ntasks_per_tres", A_UINT, ntasks_per_tres, 1), D("num_tasks", A_UINT, num_tasks, 1),
	D("pack_job_offset", A_UINT, het_job_offset, 0), D("het_job_offset", A_UINT, het_job_offset, 0),
	D("partition", A_STR, partition, 1), D("prefer", A_STR, prefer, 1),
#if SLURM_VERSION_NUMBER < SLURM_VERSION_NUM(24, 5, 0)
	D("power_flags", A_UINT, power_flags, 1), /* --power and the member went in 24.05 (c4c21882f1) */
#endif
#if SLURM_VERSION_NUMBER >= SLURM_VERSION_NUM(25, 11, 2)
	D("segment_size", A_UINT, segment_size, 1), /* 2b72425e78, backported to 25.11.2 */
#endif
#if SLURM_VERSION_NUMBER >= SLURM_VERSION_NUM(26, 5, 0)
	/* two views of one member (fb76383b64) */
	D("core_spec", A_CORE_SPEC, core_spec, 1), D("thread_spec", A_THREAD_SPEC, core_spec, 1),
#endif
#if SLURM_VERSION_NUMBER >= SLURM_VERSION_NUM(24, 11, 0)
	/* read and written by 24.11's job_submit/lua, not by 22.05's (the release between is not pinned) */
	D("mcs_label", A_STR, mcs_label, 1),
#endif
	D("pn_min_cpus", A_UINT, pn_min_cpus, 1), D("pn_min_tmp_disk", A_UINT, pn_min_tmp_disk, 1),
	D("priority", A_UINT, priority, 1), D("qos", A_STR, qos, 1), D("reboot", A_UINT, reboot, 1),
	D("req_context", A_STR, req_context, 0), D("req_nodes", A_STR, req_nodes, 1),
	D("req_switch", A_UINT, req_switch, 1), D("requeue", A_UINT, requeue, 1),
	D("reservation", A_STR, reservation, 1), D("script", A_STR, script, 1),
	D("selinux_context", A_STR, selinux_context, 1), D("shared", A_UINT, shared, 1),
	D("oversubscribe", A_UINT, shared, 1), D("site_factor", A_SITE, site_factor, 1),
	D("sockets_per_board", A_UINT, sockets_per_board, 0), D("sockets_per_node", A_UINT, sockets_per_node, 1),
	D("spank_job_env", A_SPANK_ENV, spank_job_env, 0), D("spank_job_env_size", A_UINT, spank_job_env_size, 0),
	D("std_err", A_STR, std_err, 1), D("std_in", A_STR, std_in, 1), D("std_out", A_STR, std_out, 1),
	D("threads_per_core", A_UINT, threads_per_core, 1), D("time_limit", A_UINT, time_limit, 1),
	D("time_min", A_UINT, time_min, 1), D("tres_bind", A_STR, tres_bind, 1), D("tres_freq", A_STR, tres_freq, 1),
	D("tres_per_job", A_STR, tres_per_job, 1), D("tres_per_node", A_STR, tres_per_node, 1),
	D("tres_per_socket", A_STR, tres_per_socket, 1), D("tres_per_task", A_STR, tres_per_task, 1),
	D("user_id", A_UINT, user_id, 0), D("user_name", A_USER_NAME, user_id, 0),
	D("wait4switch", A_UINT, wait4switch, 1), D("work_dir", A_STR, work_dir, 1), D("wckey", A_STR, wckey, 1),
};

#define R(name, access, member) { name, access, M(job_record_t, member), 0 }
/* job_ptr->details' own type: struct job_details in 22.05, an untagged job_details_t in 24.11 */
#define RD(name, access, member) { name, access, M(__typeof__(*((job_record_t *) 0)->details), member), 0 }

/* job_rec: slurm_lua.c's slurm_lua_job_record_field; the RD rows read job_ptr->details (22.05). */
static const struct row REC[] = {
	R("account", A_STR, account), R("admin_comment", A_STR, admin_comment), R("alloc_node", A_STR, alloc_node),
	R("array_job_id", A_UINT, array_job_id), R("array_task_id", A_UINT, array_task_id),
	R("batch_features", A_STR, batch_features), R("batch_host", A_STR, batch_host),
	R("burst_buffer", A_STR, burst_buffer), R("comment", A_STR, comment), R("container", A_STR, container),
	R("cpus_per_tres", A_STR, cpus_per_tres), R("delay_boot", A_UINT, delay_boot),
	R("end_time", A_TIME, end_time), R("exit_code", A_UINT, exit_code), R("gres", A_STR, tres_per_node),
	R("group_id", A_UINT, group_id), R("het_job_id", A_UINT, het_job_id), R("job_id", A_UINT, job_id),
	R("job_state", A_UINT, job_state), R("licenses", A_STR, licenses), R("mem_per_tres", A_STR, mem_per_tres),
	R("name", A_STR, name), R("nodes", A_STR, nodes), R("origin_cluster", A_STR, origin_cluster),
	R("partition", A_STR, partition), R("priority", A_UINT, priority), R("reboot", A_UINT, reboot),
	R("req_switch", A_UINT, req_switch), R("restart_cnt", A_UINT, restart_cnt), R("resv_name", A_STR, resv_name),
	R("selinux_context", A_STR, selinux_context), R("site_factor", A_SITE, site_factor),
	R("spank_job_env", A_SPANK_ENV, spank_job_env), R("spank_job_env_size", A_UINT, spank_job_env_size),
	R("start_time", A_TIME, start_time), R("time_limit", A_UINT, time_limit), R("time_min", A_UINT, time_min),
	R("user_id", A_UINT, user_id), R("user_name", A_STR, user_name), R("wckey", A_STR, wckey),
};

static const struct row REC_DETAILS[] = {
	RD("argv", A_ARGV, argv), RD("features", A_STR, features), RD("max_cpus", A_UINT, max_cpus),
	RD("max_nodes", A_UINT, max_nodes), RD("min_cpus", A_UINT, min_cpus), RD("min_nodes", A_UINT, min_nodes),
	RD("min_mem_per_node", A_MEM_NODE, pn_min_memory), RD("min_mem_per_cpu", A_MEM_CPU, pn_min_memory),
	RD("nice", A_UINT, nice), RD("pn_min_cpus", A_UINT, pn_min_cpus), RD("std_err", A_STR, std_err),
	RD("std_in", A_STR, std_in), RD("std_out", A_STR, std_out), RD("submit_time", A_TIME, submit_time),
	RD("work_dir", A_STR, work_dir),
};

#define P(name, access, member) { name, access, M(part_record_t, member), 0 }

/* part_list entries: job_submit_lua.c's _part_rec_field (22.05); flag_default and the memory pairs below. */
static const struct row PART[] = {
	P("allow_accounts", A_STR, allow_accounts), P("allow_alloc_nodes", A_STR, allow_alloc_nodes),
	P("allow_groups", A_STR, allow_groups), P("allow_qos", A_STR, allow_qos), P("alternate", A_STR, alternate),
	P("billing_weights_str", A_STR, billing_weights_str), P("default_time", A_UINT, default_time),
	P("deny_accounts", A_STR, deny_accounts), P("deny_qos", A_STR, deny_qos), P("flags", A_UINT, flags),
	P("max_cpus_per_node", A_UINT, max_cpus_per_node), P("max_nodes", A_UINT, max_nodes),
	P("max_nodes_orig", A_UINT, max_nodes_orig), P("max_share", A_UINT, max_share),
	P("max_oversubscribe", A_UINT, max_share), P("max_time", A_UINT, max_time), P("min_nodes", A_UINT, min_nodes),
	P("min_nodes_orig", A_UINT, min_nodes_orig), P("name", A_STR, name), P("nodes", A_STR, nodes),
	P("priority_job_factor", A_UINT, priority_job_factor), P("priority_tier", A_UINT, priority_tier),
	P("qos", A_STR, qos_char), P("state_up", A_UINT, state_up), P("total_cpus", A_UINT, total_cpus),
	P("total_nodes", A_UINT, total_nodes),
};

#define ROWS(t) (sizeof(t) / sizeof((t)[0]))

static const struct row *find(const struct row *t, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(t[i].name, name))
			return &t[i];
	return NULL;
}

static uint64_t read_uint(const void *base, const struct row *r)
{
	const char *p = (const char *) base + r->offset;
	switch (r->size) {
	case 1: { uint8_t v; memcpy(&v, p, 1); return v; }
	case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
	case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
	default: { uint64_t v; memcpy(&v, p, 8); return v; }
	}
}

static void number(struct ps_out *o, const char *name, int64_t v, int is_unsigned)
{
	char text[24];
	if (is_unsigned)
		snprintf(text, sizeof(text), "%" PRIu64, (uint64_t) v);
	else
		snprintf(text, sizeof(text), "%" PRId64, v);
	ps_out_str(o, name);
	ps_out_u32(o, PS_NUMBER);
	ps_out_str(o, text);
}

static void list(struct ps_out *o, const char *name, char **items, uint32_t n)
{
	uint32_t present = 0;
	for (uint32_t i = 0; i < n; i++)
		present += items[i] != NULL;
	ps_out_str(o, name);
	ps_out_u32(o, PS_LIST);
	ps_out_u32(o, present);
	for (uint32_t i = 0; i < n; i++)
		if (items[i])
			ps_out_str(o, items[i]);
}

/* One row's value into o; 0 when Lua's answer would be nil (nothing written), 1 when written. */
static int value(struct ps_out *o, const void *base, const struct row *r, const char *name)
{
	const char *p = (const char *) base + r->offset;
	switch (r->access) {
	case A_STR: {
		char *s;
		memcpy(&s, p, sizeof(s));
		if (!s)
			return 0;
		ps_out_str(o, name);
		ps_out_u32(o, PS_STRING);
		ps_out_str(o, s);
		return 1;
	}
	case A_UINT:
		number(o, name, (int64_t) read_uint(base, r), 1);
		return 1;
	case A_TIME: {
		time_t t;
		memcpy(&t, p, sizeof(t));
		number(o, name, (int64_t) t, 0);
		return 1;
	}
	case A_MEM_NODE:
	case A_MEM_CPU: {
		uint64_t m = read_uint(base, r);
		int per_cpu = (m & MEM_PER_CPU) != 0;
		if (m == NO_VAL64 || per_cpu != (r->access == A_MEM_CPU))
			return 0;
		number(o, name, (int64_t) (m & ~MEM_PER_CPU), 1);
		return 1;
	}
	case A_CORE_SPEC:
	case A_THREAD_SPEC: {
		uint16_t c = (uint16_t) read_uint(base, r);
		int threads = (c & CORE_SPEC_THREAD) != 0;
		if (c == NO_VAL16 || threads != (r->access == A_THREAD_SPEC))
			return 0;
		number(o, name, (int64_t) (c & ~CORE_SPEC_THREAD), 1);
		return 1;
	}
	case A_SITE: {
		uint32_t f = (uint32_t) read_uint(base, r);
		number(o, name, f == NO_VAL ? (int64_t) f : (int64_t) f - NICE_OFFSET, 0);
		return 1;
	}
	case A_CRON:
		ps_out_str(o, name);
		ps_out_u32(o, PS_BOOLEAN);
		ps_out_u32(o, (read_uint(base, r) & CRON_JOB) ? 1 : 0);
		return 1;
	case A_USER_NAME: {
		char *user = uid_to_string_or_null((uid_t) read_uint(base, r));
		if (!user)
			return 0;
		ps_out_str(o, name);
		ps_out_u32(o, PS_STRING);
		ps_out_str(o, user);
		xfree(user);
		return 1;
	}
	default:
		return 0; /* lists: by their owners, who know the count */
	}
}

/* Writes u32 count, then the values of names found in t (over base); the count is patched in. */
static void values(struct ps_out *o, const struct row *t, size_t n, const void *base, char **names, uint32_t count,
		   int (*special)(struct ps_out *, const void *, const char *))
{
	size_t at = o->len;
	uint32_t written = 0;
	ps_out_u32(o, 0);
	for (uint32_t i = 0; i < count; i++) {
		const struct row *r = find(t, n, names[i]);
		if (r && r->access != A_ARGV && r->access != A_SPANK_ENV)
			written += (uint32_t) value(o, base, r, names[i]);
		else if (special)
			written += (uint32_t) special(o, base, names[i]);
	}
	ps_out_patch_u32(o, at, written);
}

static int desc_special(struct ps_out *o, const void *base, const char *name)
{
	const job_desc_msg_t *d = base;
	if (!strcmp(name, "argv") && d->argc && d->argv) {
		list(o, name, d->argv, d->argc);
		return 1;
	}
	if (!strcmp(name, "spank_job_env") && d->spank_job_env_size && d->spank_job_env) {
		list(o, name, d->spank_job_env, d->spank_job_env_size);
		return 1;
	}
	return 0;
}

static int rec_special(struct ps_out *o, const void *base, const char *name)
{
	const job_record_t *j = base;
	const struct row *r;
	if (!strcmp(name, "spank_job_env") && j->spank_job_env_size && j->spank_job_env) {
		list(o, name, j->spank_job_env, j->spank_job_env_size);
		return 1;
	}
	if (!strcmp(name, "qos") && j->qos_ptr && j->qos_ptr->name) {
		ps_out_str(o, name);
		ps_out_u32(o, PS_STRING);
		ps_out_str(o, j->qos_ptr->name);
		return 1;
	}
	if (!j->details)
		return 0;
	if (!strcmp(name, "argv")) {
		if (!j->details->argv)
			return 0;
		list(o, name, j->details->argv, j->details->argc);
		return 1;
	}
	r = find(REC_DETAILS, ROWS(REC_DETAILS), name);
	return r ? value(o, j->details, r, name) : 0;
}

static int part_special(struct ps_out *o, const void *base, const char *name)
{
	const part_record_t *p = base;
	int per_cpu;
	uint64_t m;
	if (!strcmp(name, "flag_default")) {
		number(o, name, (p->flags & PART_FLAG_DEFAULT) ? 1 : 0, 1);
		return 1;
	}
	if (!strncmp(name, "def_mem_per_", 12))
		m = p->def_mem_per_cpu;
	else if (!strncmp(name, "max_mem_per_", 12))
		m = p->max_mem_per_cpu;
	else
		return 0;
	per_cpu = (m & MEM_PER_CPU) != 0;
	if (m == NO_VAL64 || (strcmp(name + 12, "cpu") && strcmp(name + 12, "node")) || per_cpu != !strcmp(name + 12, "cpu"))
		return 0;
	number(o, name, (int64_t) (m & ~MEM_PER_CPU), 1);
	return 1;
}

void ps_ctld_desc_values(struct ps_out *o, const job_desc_msg_t *d, char **names, uint32_t n)
{
	values(o, DESC, ROWS(DESC), d, names, n, desc_special);
}

void ps_ctld_rec_values(struct ps_out *o, const job_record_t *j, char **names, uint32_t n)
{
	values(o, REC, ROWS(REC), j, names, n, rec_special);
}

void ps_ctld_part_values(struct ps_out *o, const part_record_t *p, char **names, uint32_t n)
{
	values(o, PART, ROWS(PART), p, names, n, part_special);
}

/* A decimal number as Lua's luaL_checknumber would have it; -1 when it is not one. */
static int parse_number(const char *text, int64_t *v)
{
	char *end;
	if (!text || !*text)
		return -1;
	errno = 0;
	*v = strtoll(text, &end, 10);
	return (errno || *end) ? -1 : 0;
}

static void write_uint(void *base, const struct row *r, uint64_t v)
{
	char *p = (char *) base + r->offset;
	switch (r->size) {
	case 1: { uint8_t x = (uint8_t) v; memcpy(p, &x, 1); break; }
	case 2: { uint16_t x = (uint16_t) v; memcpy(p, &x, 2); break; }
	case 4: { uint32_t x = (uint32_t) v; memcpy(p, &x, 4); break; }
	default: memcpy(p, &v, 8);
	}
}

int ps_ctld_desc_write(job_desc_msg_t *d, const char *name, uint32_t kind, const char *text)
{
	const struct row *r = find(DESC, ROWS(DESC), name);
	int64_t v;
	if (!r || !r->writable)
		return -1;
	if (r->access == A_STR) {
		char *old;
		if (kind != PS_STRING)
			return -1;
		memcpy(&old, (char *) d + r->offset, sizeof(old));
		xfree(old);
		/* job_submit/lua: an empty string unsets the field */
		old = (text && *text) ? xstrdup(text) : NULL;
		memcpy((char *) d + r->offset, &old, sizeof(old));
		return 0;
	}
	if (kind != PS_NUMBER || parse_number(text, &v))
		return -1;
	switch (r->access) {
	case A_UINT: write_uint(d, r, (uint64_t) v); return 0;
	case A_TIME: { time_t t = (time_t) v; memcpy((char *) d + r->offset, &t, sizeof(t)); return 0; }
	case A_MEM_NODE: d->pn_min_memory = (uint64_t) v; return 0;
	case A_MEM_CPU: d->pn_min_memory = (uint64_t) v | MEM_PER_CPU; return 0;
	case A_SITE: d->site_factor = (uint32_t) (NICE_OFFSET + v); return 0;
	case A_CORE_SPEC: d->core_spec = (uint16_t) v; return 0;
	case A_THREAD_SPEC: d->core_spec = (uint16_t) v | CORE_SPEC_THREAD; return 0;
	default: return -1;
	}
}

size_t ps_ctld_desc_rows(const char ***names)
{
	static const char *all[ROWS(DESC)];
	for (size_t i = 0; i < ROWS(DESC); i++)
		all[i] = DESC[i].name;
	*names = all;
	return ROWS(DESC);
}
