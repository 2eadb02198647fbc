package io.plugstack.runtime.spank.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OptionEnvNamesTest {

    @Test
    void envVarNameCanonicalisesNonAlnum() {
        assertEquals("SLURM_SPANK__SLURM_SPANK_OPTION_my_plug_v2_gpu_mode_x",
                OptionEnvNames.submitVariable("my-plug.v2", "gpu-mode:x"));
    }

    @Test
    void canonKeepsCaseAndDigits() {
        assertEquals("AbC09z", OptionEnvNames.canon("AbC09z"));
    }

    @Test
    void canonReplacesEveryNonAsciiByte() {
        // "é" is two bytes in UTF-8, so two underscores.
        assertEquals("caf__", OptionEnvNames.canon("caf\u00e9"));
    }

    @Test
    void forwardedAndPrologFormsShareTheBaseName() {
        assertEquals("_SLURM_SPANK_OPTION_test_suite_test_suite_sbatch",
                OptionEnvNames.optionVariable("test_suite", "test_suite_sbatch"));
        assertEquals("SPANK__SLURM_SPANK_OPTION_test_suite_test_suite_sbatch",
                OptionEnvNames.prologVariable("test_suite", "test_suite_sbatch"));
    }

    @Test
    void optionVariablesAreRecognisedWithOrWithoutSpankPrefix() {
        assertTrue(OptionEnvNames.isOptionVariable("_SLURM_SPANK_OPTION_p_o"));
        assertTrue(OptionEnvNames.isOptionVariable("SPANK__SLURM_SPANK_OPTION_p_o"));
        assertFalse(OptionEnvNames.isOptionVariable("SLURM_SPANK__SLURM_SPANK_OPTION_p_o"));
        assertFalse(OptionEnvNames.isOptionVariable("SPANK_OTHER"));
    }
}
