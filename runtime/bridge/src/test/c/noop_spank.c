/*
 * A C SPANK plugin that does nothing: `required noop_spank.so`. benchmarks/run bridge-srun times it
 * (config cnoop) beside the bridge, so what any SPANK plugin costs a real srun in Slurm itself
 * (plugstack.conf read, dlopen, the stack's callbacks) is told apart from what the bridge adds.
 */
#include <slurm/spank.h>

SPANK_PLUGIN(noop_spank, 1)

int slurm_spank_init(spank_t sp, int ac, char **av)
{
	(void)sp;
	(void)ac;
	(void)av;
	return 0;
}
