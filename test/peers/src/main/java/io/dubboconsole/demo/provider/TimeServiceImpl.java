package io.dubboconsole.demo.provider;

import io.dubboconsole.demo.api.TimeService;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Calendar;

/** Echoes, and the provider's own reading of each value. */
public final class TimeServiceImpl implements TimeService {
    @Override public ZonedDateTime zoned(ZonedDateTime value) { return value; }
    @Override public OffsetDateTime offsetDateTime(OffsetDateTime value) { return value; }
    @Override public OffsetTime offsetTime(OffsetTime value) { return value; }
    @Override public Duration duration(Duration value) { return value; }
    @Override public Period period(Period value) { return value; }
    @Override public ZoneId zone(ZoneId value) { return value; }
    @Override public Calendar calendar(Calendar value) { return value; }

    @Override
    public String describe(ZonedDateTime zoned, OffsetDateTime offsetDateTime, OffsetTime offsetTime, Duration duration, Period period, ZoneId zone, Calendar calendar) {
        return zoned + " | " + offsetDateTime + " | " + offsetTime + " | " + duration + " | " + period + " | " + zone + " | "
                + (calendar == null ? "null" : calendar.toInstant().toString());
    }
}
