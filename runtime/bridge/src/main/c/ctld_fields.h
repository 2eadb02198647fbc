/*
 * job_submit/plugstack's view of slurmctld's structures: the values of named fields of a job request,
 * a job record and a partition, as PROTOCOL.md's values (u32 count, then name, kind, value), and the
 * writes JOB_RESULT asks for. Only built against a Slurm source tree of the running release.
 */
#ifndef PLUGSTACK_CTLD_FIELDS_H
#define PLUGSTACK_CTLD_FIELDS_H

/* First: Slurm's own names for what libslurmfull exports (get_extra_conf_path is slurm_get_extra_conf_path). */
#include "src/common/slurm_xlator.h"
#include "src/slurmctld/slurmctld.h"

#include "wire.h"

void ps_ctld_desc_values(struct ps_out *o, const job_desc_msg_t *d, char **names, uint32_t n);
void ps_ctld_rec_values(struct ps_out *o, const job_record_t *j, char **names, uint32_t n);
void ps_ctld_part_values(struct ps_out *o, const part_record_t *p, char **names, uint32_t n);
/* One JOB_RESULT value into d, as job_submit/lua's job_desc[name] = value: 0, or -1 (d untouched) for a
 * name that is not a writable field or a value not of its kind. */
int ps_ctld_desc_write(job_desc_msg_t *d, const char *name, uint32_t kind, const char *text);
/* Every job_desc name this build reads (for the tests). */
size_t ps_ctld_desc_rows(const char ***names);

#endif
