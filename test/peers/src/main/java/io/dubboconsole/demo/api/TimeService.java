package io.dubboconsole.demo.api;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Calendar;

/**
 * java.time values and Calendar, which hessian-lite sends through handle classes of its own:
 * each echo returns its argument, and {@link #describe} says how the provider read them.
 * Exported only where a test asks for it (ProviderMain --services time), not by the rig.
 */
public interface TimeService {
    ZonedDateTime zoned(ZonedDateTime value);

    OffsetDateTime offsetDateTime(OffsetDateTime value);

    OffsetTime offsetTime(OffsetTime value);

    Duration duration(Duration value);

    Period period(Period value);

    ZoneId zone(ZoneId value);

    Calendar calendar(Calendar value);

    /** Each argument's toString as the provider read it, joined by " | "; the Calendar as its instant (Instant.toString). */
    String describe(ZonedDateTime zoned, OffsetDateTime offsetDateTime, OffsetTime offsetTime, Duration duration, Period period, ZoneId zone, Calendar calendar);
}
