package io.plugstack.runtime.bench.options;

/** --mail-type words to Slurm's MAIL_JOB_* flags. */
final class MailType {
    private MailType() {
    }

    static long flags(String text) {
        long f = 0;
        for (String w : text.toUpperCase().split(",")) {
            f |= switch (w.trim()) {
                case "NONE" -> 0;
                case "BEGIN" -> 1;
                case "END" -> 2;
                case "FAIL" -> 4;
                case "REQUEUE" -> 8;
                case "ALL" -> 1 | 2 | 4 | 8 | 256;
                case "TIME_LIMIT" -> 16;
                case "TIME_LIMIT_90" -> 32;
                case "TIME_LIMIT_80" -> 64;
                case "TIME_LIMIT_50" -> 128;
                case "STAGE_OUT" -> 256;
                case "INVALID_DEPEND" -> 1024;
                default -> throw new IllegalArgumentException("Invalid --mail-type specification");
            };
        }
        return f;
    }
}
