package io.plugstack.runtime.spank.options;

import java.nio.charset.StandardCharsets;

/**
 * Every environment-variable name the option machinery uses (SPANK-35, -37, -38, -43, -50/51), in
 * one place. The base name of an option is {@code _SLURM_SPANK_OPTION_<canon(plugin)>_<canon(option)>};
 * the other forms add a prefix to it.
 */
public final class OptionEnvNames {

    /** {@code SPANK_OPTION_ENV_PREFIX}: the base name's prefix. */
    public static final String OPTION_PREFIX = "_SLURM_SPANK_OPTION_";
    /** Prefix of job control entries exported into a job, and of the submit-side env form. */
    public static final String JOB_ENV_PREFIX = "SLURM_SPANK_";
    /** Prefix Prolog/Epilog see on job control entries. */
    public static final String PROLOG_PREFIX = "SPANK_";

    private OptionEnvNames() {
    }

    /**
     * {@code canon()}: every byte of the UTF-8 form that is not an ASCII letter or digit becomes '_',
     * case is kept (so a non-ASCII character becomes one '_' per byte).
     */
    public static String canon(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder(bytes.length);
        for (byte b : bytes) {
            char c = (char) (b & 0xff);
            boolean alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
            out.append(alnum ? c : '_');
        }
        return out.toString();
    }

    /** {@code _SLURM_SPANK_OPTION_<plugin>_<option>}: the forwarded and re-read name. */
    public static String optionVariable(String pluginName, String optionName) {
        return OPTION_PREFIX + canon(pluginName) + "_" + canon(optionName);
    }

    /** {@code SLURM_SPANK__SLURM_SPANK_OPTION_<plugin>_<option>}: the submit-side env form (SPANK-35). */
    public static String submitVariable(String pluginName, String optionName) {
        return JOB_ENV_PREFIX + optionVariable(pluginName, optionName);
    }

    /** {@code SPANK__SLURM_SPANK_OPTION_<plugin>_<option>}: the form Prolog/Epilog see (SPANK-43, -51). */
    public static String prologVariable(String pluginName, String optionName) {
        return PROLOG_PREFIX + optionVariable(pluginName, optionName);
    }

    /**
     * Whether the remote side clears {@code variable} after option processing: its name, after an
     * optional {@code SPANK_}, starts with {@code _SLURM_SPANK_OPTION_} (SPANK-38).
     */
    public static boolean isOptionVariable(String variable) {
        String rest = variable.startsWith(PROLOG_PREFIX) ? variable.substring(PROLOG_PREFIX.length()) : variable;
        return rest.startsWith(OPTION_PREFIX);
    }
}
