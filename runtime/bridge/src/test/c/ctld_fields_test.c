/*
 * job_submit/plugstack's field tables against slurmctld's real structures (built with the installed
 * Slurm's source, linked with its libslurmfull): each value read as job_submit/lua reads it, nil where
 * Lua gives nil, and each write as job_desc[name] = value does it, refused for names Lua cannot write.
 * Prints "ctld_fields: N passed, N failed" and exits non-zero on any failure.
 */
#include "ctld_fields.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;

#define CHECK(cond, what) do { if (cond) passed++; else { failed++; fprintf(stderr, "FAIL %s: %s\n", what, #cond); } } while (0)

/* The values ps_ctld_*_values wrote for one name: kind, text (number or string), or -1 when absent. */
struct got { int kind; char text[256]; uint32_t items; };

static struct got read_back(struct ps_out *o, size_t from, const char *name)
{
	struct got g = { -1, "", 0 };
	struct ps_in in;
	uint32_t n;
	ps_in_init(&in, o->data + from, o->len - from);
	n = ps_in_u32(&in);
	for (uint32_t i = 0; i < n && !in.failed; i++) {
		char *k = ps_in_str(&in), *s = NULL;
		uint32_t kind = ps_in_u32(&in), items = 0, b = 0;
		if (kind <= 1)
			s = ps_in_str(&in);
		else if (kind == 2)
			for (items = ps_in_u32(&in); b < items; b++)
				free(ps_in_str(&in));
		else
			b = ps_in_u32(&in);
		if (k && !strcmp(k, name)) {
			g.kind = (int) kind;
			g.items = items;
			snprintf(g.text, sizeof(g.text), "%s", kind == 3 ? (b ? "true" : "false") : s ? s : "");
		}
		free(k);
		free(s);
	}
	return g;
}

static struct got desc(const job_desc_msg_t *d, const char *name)
{
	struct ps_out o;
	char *names[1] = { (char *) name };
	struct got g;
	ps_out_begin(&o, PS_JOB_CALL, 1 << 20);
	ps_ctld_desc_values(&o, d, names, 1);
	g = read_back(&o, 5, name);
	ps_out_free(&o);
	return g;
}

static void reads_of_a_job_request(void)
{
	job_desc_msg_t d;
	char *argv[] = { "a.sh", "one", NULL };
	slurm_init_job_desc_msg(&d);
	d.account = "physics";
	d.cpus_per_task = 4;
	d.argc = 2;
	d.argv = argv;
	d.site_factor = NICE_OFFSET - 5;
	d.bitflags = CRON_JOB;
	d.user_id = 0;

	struct got g = desc(&d, "account");
	CHECK(g.kind == 1 && !strcmp(g.text, "physics"), "a string field is its text");
	CHECK(desc(&d, "comment").kind == -1, "an unset string is nil (not sent)");
	g = desc(&d, "cpus_per_task");
	CHECK(g.kind == 0 && !strcmp(g.text, "4"), "a uint16 field is its number");
	g = desc(&d, "contiguous");
	CHECK(g.kind == 0 && !strcmp(g.text, "65534"), "an unset uint16 is NO_VAL16, as Lua shows it");
	g = desc(&d, "argv");
	CHECK(g.kind == 2 && g.items == 2, "argv is a list of argc items");
	g = desc(&d, "site_factor");
	CHECK(g.kind == 0 && !strcmp(g.text, "-5"), "site_factor is shown less NICE_OFFSET");
	g = desc(&d, "cron_job");
	CHECK(g.kind == 3 && !strcmp(g.text, "true"), "cron_job is bitflags' CRON_JOB bit");
	g = desc(&d, "user_name");
	CHECK(g.kind == 1 && !strcmp(g.text, "root"), "user_name is user_id's name");
	CHECK(desc(&d, "min_mem_per_cpu").kind == -1 && desc(&d, "min_mem_per_node").kind == -1, "no memory asked: both nil");
	d.pn_min_memory = 1000 | MEM_PER_CPU;
	g = desc(&d, "min_mem_per_cpu");
	CHECK(g.kind == 0 && !strcmp(g.text, "1000") && desc(&d, "min_mem_per_node").kind == -1, "--mem-per-cpu: per cpu, flag cleared");
	d.pn_min_memory = 2000;
	g = desc(&d, "min_mem_per_node");
	CHECK(g.kind == 0 && !strcmp(g.text, "2000") && desc(&d, "min_mem_per_cpu").kind == -1, "--mem: per node");
	CHECK(desc(&d, "no_such_field").kind == -1, "an unknown name is nil");
}

static void writes_to_a_job_request(void)
{
	job_desc_msg_t d;
	slurm_init_job_desc_msg(&d);
	CHECK(ps_ctld_desc_write(&d, "comment", 1, "stamped") == 0 && d.comment && !strcmp(d.comment, "stamped"), "a string is written");
	CHECK(ps_ctld_desc_write(&d, "comment", 1, "") == 0 && d.comment == NULL, "an empty string unsets it");
	CHECK(ps_ctld_desc_write(&d, "time_limit", 0, "7") == 0 && d.time_limit == 7, "a number is written");
#if SLURM_VERSION_NUMBER < SLURM_VERSION_NUM(24, 5, 0)
	CHECK(ps_ctld_desc_write(&d, "power_flags", 0, "1") == 0 && d.power_flags == 1, "a uint8 field gets its width");
#endif
	CHECK(ps_ctld_desc_write(&d, "requeue", 0, "1") == 0 && d.requeue == 1, "a uint16 field gets its width");
#if SLURM_VERSION_NUMBER >= SLURM_VERSION_NUM(24, 11, 0)
	CHECK(ps_ctld_desc_write(&d, "mcs_label", 1, "grp") == 0 && d.mcs_label && !strcmp(d.mcs_label, "grp"), "24.11's mcs_label is written");
	xfree(d.mcs_label);
#endif
	CHECK(ps_ctld_desc_write(&d, "min_mem_per_cpu", 0, "500") == 0 && d.pn_min_memory == (500 | MEM_PER_CPU), "memory per cpu gets its flag");
	CHECK(ps_ctld_desc_write(&d, "site_factor", 0, "-5") == 0 && d.site_factor == NICE_OFFSET - 5, "site_factor gets NICE_OFFSET back");
	CHECK(ps_ctld_desc_write(&d, "user_id", 0, "0") == -1, "a field Lua cannot write is refused");
	CHECK(ps_ctld_desc_write(&d, "time_limit", 1, "7") == -1 && d.time_limit == 7, "a value of the wrong kind is refused");
	CHECK(ps_ctld_desc_write(&d, "time_limit", 0, "7x") == -1 && d.time_limit == 7, "a number that is not one is refused");
	CHECK(ps_ctld_desc_write(&d, "no_such_field", 1, "x") == -1, "an unknown name is refused");
	xfree(d.comment);
}

static void reads_of_partitions_and_job_records(void)
{
	part_record_t p;
	job_record_t j;
	__typeof__(*j.details) details; /* struct job_details in 22.05, job_details_t in 24.11 */
	char *pn[] = { "name", "flag_default", "def_mem_per_cpu", "def_mem_per_node", "max_cpus_per_node" };
	struct ps_out o;
	struct got g;
	memset(&p, 0, sizeof(p));
	p.name = "debug";
	p.flags = PART_FLAG_DEFAULT;
	p.def_mem_per_cpu = 1000 | MEM_PER_CPU;
	p.max_mem_per_cpu = NO_VAL64;
	p.max_cpus_per_node = INFINITE;
	ps_out_begin(&o, PS_JOB_CALL, 1 << 20);
	ps_ctld_part_values(&o, &p, pn, 5);
	CHECK(!strcmp(read_back(&o, 5, "name").text, "debug"), "a partition's name");
	CHECK(!strcmp(read_back(&o, 5, "flag_default").text, "1"), "flag_default from its flags");
	g = read_back(&o, 5, "def_mem_per_cpu");
	CHECK(g.kind == 0 && !strcmp(g.text, "1000"), "DefMemPerCPU=1000: def_mem_per_cpu 1000");
	CHECK(read_back(&o, 5, "def_mem_per_node").kind == -1, "and def_mem_per_node nil");
	CHECK(!strcmp(read_back(&o, 5, "max_cpus_per_node").text, "4294967295"), "max_cpus_per_node INFINITE");
	ps_out_free(&o);

	memset(&j, 0, sizeof(j));
	memset(&details, 0, sizeof(details));
	char *jn[] = { "job_id", "comment", "min_nodes", "work_dir", "qos" };
	j.job_id = 42;
	j.comment = "hello";
	j.details = &details;
	details.min_nodes = 1;
	details.work_dir = "/home/u";
	ps_out_begin(&o, PS_JOB_CALL, 1 << 20);
	ps_ctld_rec_values(&o, &j, jn, 5);
	CHECK(!strcmp(read_back(&o, 5, "job_id").text, "42"), "job_rec.job_id");
	CHECK(!strcmp(read_back(&o, 5, "comment").text, "hello"), "job_rec.comment");
	CHECK(!strcmp(read_back(&o, 5, "min_nodes").text, "1"), "job_rec.min_nodes from its details");
	CHECK(!strcmp(read_back(&o, 5, "work_dir").text, "/home/u"), "job_rec.work_dir from its details");
	CHECK(read_back(&o, 5, "qos").kind == -1, "no qos record: nil");
	ps_out_free(&o);
}

int main(void)
{
	reads_of_a_job_request();
	writes_to_a_job_request();
	reads_of_partitions_and_job_records();
	printf("ctld_fields: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
