package io.plugstack.benchmarks;

import java.util.Arrays;

/** Medians and spread of repeated measurements: these machines are noisy, means mislead. */
record Stats(double[] sorted) {

    static Stats of(double[] samples) {
        double[] s = samples.clone();
        Arrays.sort(s);
        return new Stats(s);
    }

    double percentile(double p) {
        int i = (int) Math.round(p / 100.0 * (sorted.length - 1));
        return sorted[i];
    }

    double median() {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    String line(String what, String unit) {
        return String.format("%-40s median %8.1f %s   p10 %8.1f   p90 %8.1f   min %8.1f   max %8.1f   (n=%d)",
                what, median(), unit, percentile(10), percentile(90), sorted[0], sorted[sorted.length - 1], sorted.length);
    }
}
