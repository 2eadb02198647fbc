package io.plugstack.runtime.bench.controller;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.plugstack.api.jobsubmit.JobDescriptor;
import io.plugstack.api.slurm.SlurmErrno;

/**
 * A job's --dependency as slurmctld keeps it (22.05): elements joined by ',' (all must hold) or '?' (one
 * suffices); after, afterany, afterok and afternotok with job ids, and singleton. scontrol shows what is left,
 * each element marked "(unfulfilled)" or "(failed)", and "(null)" once it holds; a job whose dependency can
 * never hold stays PENDING with Reason=DependencyNeverSatisfied. A job id slurmctld does not know counts as
 * done, as 22.05 accepts it. Checked against a real 22.05.8 (RealSlurmClusterIT, JobLaunchIT).
 */
final class JobDependency {

    /** The types the bench plays; others (aftercorr, aftersyncs, expand, +time) are refused as "Job dependency problem". */
    enum Type {
        /** The job started, or ended without starting. */
        AFTER,
        /** The job ended, in any state. */
        AFTERANY,
        /** The job COMPLETED with exit code 0. */
        AFTEROK,
        /** The job ended otherwise. */
        AFTERNOTOK,
        /** No earlier job of the same user and name is still pending or running. */
        SINGLETON
    }

    enum State { UNFULFILLED, SATISFIED, FAILED }

    record Element(Type type, long jobId) {
        String shown(State s) {
            return (type == Type.SINGLETON ? "singleton" : type.name().toLowerCase(Locale.ROOT) + ":" + jobId)
                    + (s == State.FAILED ? "(failed)" : "(unfulfilled)");
        }
    }

    /** What a pending job's dependency is now: its display ("(null)" when it holds) and whether it holds or never will. */
    record Status(String shown, State state) {
        static final Status NONE = new Status(null, State.SATISFIED);
    }

    private JobDependency() {
    }

    /**
     * The elements of {@code text}, or ESLURM_DEPENDENCY's code as an IllegalArgumentException message for
     * what slurmctld refuses ("bogus:1", "afterok:x").
     */
    static List<List<Element>> parse(String text) {
        List<List<Element>> any = new ArrayList<>();
        for (String alternative : text.split("\\?", -1)) {
            List<Element> all = new ArrayList<>();
            for (String part : alternative.split(",", -1)) {
                all.addAll(elements(part.trim()));
            }
            any.add(all);
        }
        return any;
    }

    private static List<Element> elements(String part) {
        if (part.equalsIgnoreCase("singleton")) {
            return List.of(new Element(Type.SINGLETON, 0));
        }
        String[] words = part.split(":");
        Type type;
        try {
            type = Type.valueOf(words[0].toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw refused();
        }
        if (type == Type.SINGLETON || words.length < 2) {
            throw refused();
        }
        List<Element> out = new ArrayList<>();
        for (int i = 1; i < words.length; i++) {
            try {
                out.add(new Element(type, Long.parseLong(words[i])));
            } catch (NumberFormatException e) {
                throw refused();
            }
        }
        return out;
    }

    /** 0, or ESLURM_DEPENDENCY for a --dependency slurmctld cannot read ("Job dependency problem"). */
    static int check(JobDescriptor d) {
        if (d.dependency() == null || d.dependency().isBlank()) {
            return 0;
        }
        try {
            parse(d.dependency());
            return 0;
        } catch (IllegalArgumentException e) {
            return SlurmErrno.ESLURM_DEPENDENCY.code();
        }
    }

    private static IllegalArgumentException refused() {
        return new IllegalArgumentException(String.valueOf(SlurmErrno.ESLURM_DEPENDENCY.code()));
    }

    /** {@code job}'s dependency now, among {@code jobs} (the controller's, under its lock). */
    static Status status(Job job, Map<Long, Job> jobs) {
        String text = job.desc.dependency();
        if (text == null || text.isBlank()) {
            return Status.NONE;
        }
        List<List<Element>> any;
        try {
            any = parse(text);
        } catch (IllegalArgumentException e) {
            return new Status(text, State.FAILED);
        }
        List<String> shown = new ArrayList<>();
        boolean allFailed = true; // every alternative has an element that can never hold
        for (List<Element> all : any) {
            List<String> left = new ArrayList<>();
            boolean failed = false;
            for (Element e : all) {
                State s = state(e, job, jobs.get(e.jobId()), jobs.values());
                failed |= s == State.FAILED;
                if (s != State.SATISFIED) {
                    left.add(e.shown(s));
                }
            }
            if (left.isEmpty()) {
                return Status.NONE; // this alternative holds
            }
            allFailed &= failed;
            shown.add(String.join(",", left));
        }
        return new Status(String.join("?", shown), allFailed ? State.FAILED : State.UNFULFILLED);
    }

    private static State state(Element e, Job self, Job other, Collection<Job> all) {
        if (e.type() == Type.SINGLETON) {
            boolean earlier = all.stream().anyMatch(j -> j.id < self.id && j.uid == self.uid && j.name.equals(self.name) && !j.state.finished());
            return earlier ? State.UNFULFILLED : State.SATISFIED;
        }
        if (other == null) {
            return State.SATISFIED;
        }
        boolean ended = other.state.finished();
        boolean ok = other.state == JobState.COMPLETED && other.exitCode == 0;
        return switch (e.type()) {
            case AFTER -> ended || other.state != JobState.PENDING ? State.SATISFIED : State.UNFULFILLED;
            case AFTERANY -> ended ? State.SATISFIED : State.UNFULFILLED;
            case AFTEROK -> !ended ? State.UNFULFILLED : ok ? State.SATISFIED : State.FAILED;
            case AFTERNOTOK -> !ended ? State.UNFULFILLED : ok ? State.FAILED : State.SATISFIED;
            default -> State.SATISFIED;
        };
    }
}
