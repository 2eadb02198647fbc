/*
 * The C twin of Plugstack's Java demo plugin (bundles/spank/demo): `required demo_spank.so OUTFILE
 * [args...]` appends "<callback> <context> [args]" for every callback Slurm makes, in the Java
 * plugin's format, so the real-Slurm tests can hold the Java plugin's log (through the bridge) line by
 * line against what Slurm gives a C plugin in the same run. A failed append fails the callback.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <slurm/spank.h>

SPANK_PLUGIN(demo_spank, 1)

static const char *context_name(void)
{
	switch (spank_context()) {
	case S_CTX_LOCAL: return "local";
	case S_CTX_REMOTE: return "remote";
	case S_CTX_ALLOCATOR: return "allocator";
	case S_CTX_SLURMD: return "slurmd";
	case S_CTX_JOB_SCRIPT: return "job_script";
	default: return "error";
	}
}

static int record(const char *callback, int ac, char **av)
{
	char line[1024];
	size_t n;
	int i, fd, ok;
	if (ac < 1)
		return 0;
	n = (size_t)snprintf(line, sizeof(line), "%s %s", callback, context_name());
	for (i = 1; i < ac && n < sizeof(line); i++)
		n += (size_t)snprintf(line + n, sizeof(line) - n, "%s%s", i == 1 ? " [" : ", ", av[i]);
	if (ac > 1 && n < sizeof(line))
		n += (size_t)snprintf(line + n, sizeof(line) - n, "]");
	if (n >= sizeof(line) - 1)
		n = sizeof(line) - 2;
	line[n++] = '\n';
	/* 0666: task_init and user_init run as the job's user; one write, so tasks never interleave */
	fd = open(av[0], O_WRONLY | O_APPEND | O_CREAT, 0666);
	if (fd < 0) {
		slurm_error("demo_spank: cannot append to %s", av[0]);
		return -1;
	}
	ok = write(fd, line, n) == (ssize_t)n;
	close(fd);
	return ok ? 0 : -1;
}

int slurm_spank_init(spank_t sp, int ac, char **av) { (void)sp; return record("init", ac, av); }
int slurm_spank_job_prolog(spank_t sp, int ac, char **av) { (void)sp; return record("job_prolog", ac, av); }
int slurm_spank_init_post_opt(spank_t sp, int ac, char **av) { (void)sp; return record("init_post_opt", ac, av); }
int slurm_spank_local_user_init(spank_t sp, int ac, char **av) { (void)sp; return record("local_user_init", ac, av); }
int slurm_spank_user_init(spank_t sp, int ac, char **av) { (void)sp; return record("user_init", ac, av); }
int slurm_spank_task_init_privileged(spank_t sp, int ac, char **av) { (void)sp; return record("task_init_privileged", ac, av); }
int slurm_spank_task_init(spank_t sp, int ac, char **av) { (void)sp; return record("task_init", ac, av); }
int slurm_spank_task_post_fork(spank_t sp, int ac, char **av) { (void)sp; return record("task_post_fork", ac, av); }
int slurm_spank_task_exit(spank_t sp, int ac, char **av) { (void)sp; return record("task_exit", ac, av); }
int slurm_spank_job_epilog(spank_t sp, int ac, char **av) { (void)sp; return record("job_epilog", ac, av); }
int slurm_spank_slurmd_exit(spank_t sp, int ac, char **av) { (void)sp; return record("slurmd_exit", ac, av); }
int slurm_spank_exit(spank_t sp, int ac, char **av) { (void)sp; return record("exit", ac, av); }
