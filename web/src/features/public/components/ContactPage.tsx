import { ContactForm } from '../../../components/ContactForm';
import '../public.css';

export default function ContactPage() {
  return (
    <div className="page page--narrow">
      <header className="page-header">
        <p className="eyebrow">Contact</p>
        <h1>Contact Us</h1>
        <p className="lead">Questions, feedback or partnership ideas: send us a message and we will get back to you.</p>
      </header>
      <ContactForm />
    </div>
  );
}
