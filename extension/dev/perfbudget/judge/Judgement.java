package dev.perfbudget.judge;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * What the judge decided: the outcome every reporter reads, and the message the test fails
 * with when {@code outcome.fails()} (empty otherwise).
 */
@API(status = INTERNAL)
public record Judgement(Outcome outcome, String failure) {}
