import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends email through SMTP when it is configured; without it `configured` is false and nothing is sent (the product says so). */
export interface Mailer {
  readonly configured: boolean;
  send(mail: Mail): Promise<void>;
}

export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  if (!smtpUrl) {
    return {
      configured: false,
      send: async () => {
        throw new Error('SMTP is not configured');
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    configured: true,
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
    },
  };
}
