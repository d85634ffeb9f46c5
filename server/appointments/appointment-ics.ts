import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import type { AppointmentLocation } from '#shared/appointments/schemas.ts';
import { formatAddress } from '#shared/appointments/schemas.ts';
import type { AppConfig } from '../config/app-config.ts';

// The calendar invitation sent with every appointment e-mail (decision 062), made with
// ical-generator. One UID per appointment, kept across reschedules (the calendar moves the event it
// already holds instead of adding a second), SEQUENCE one higher on every change, METHOD:REQUEST
// for a booking or a move and METHOD:CANCEL (STATUS:CANCELLED) for a cancellation, as RFC 5546
// asks, so Outlook, Gmail and Apple Calendar update or remove the event in place.

export interface IcsAppointment {
  uid: string;
  sequence: number;
  enquiryId: string;
  location: AppointmentLocation;
  startsAt: Date;
  endsAt: Date;
  seller: { name: string; email: string };
}

export function appointmentIcs(
  config: Pick<AppConfig, 'site' | 'appUrl'>,
  appointment: IcsAppointment,
  method: 'request' | 'cancel',
  stamp: Date = new Date(),
): string {
  const { site } = config;
  const host = new URL(config.appUrl).hostname;
  const calendar = ical({
    prodId: { company: site.name, product: 'appointments', language: 'EN' },
    method: method === 'cancel' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    name: site.name,
  });
  calendar.createEvent({
    id: `${appointment.uid}@${host}`,
    sequence: appointment.sequence,
    stamp,
    start: appointment.startsAt,
    end: appointment.endsAt,
    summary: `Watch appointment – ${site.name}`,
    description: `Your visit about your watch (reference ${enquiryReference(appointment.enquiryId)}). Please bring the watch and photo identification.`,
    location: {
      title: `${site.name}, ${appointment.location.city}`,
      address: formatAddress(appointment.location.address),
    },
    // The organiser is the business, named with its registered address (decision 062).
    organizer: { name: `${site.name}, ${formatAddress(site.address)}`, email: site.email },
    attendees: [
      {
        name: appointment.seller.name,
        email: appointment.seller.email,
        role: ICalAttendeeRole.REQ,
        status: method === 'cancel' ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
      },
    ],
    status: method === 'cancel' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
